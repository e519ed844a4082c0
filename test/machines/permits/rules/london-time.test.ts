import { DateTime } from 'luxon';
import { toUkDateTime } from '../../../../contract/london-wall-time';
import {
  isSkippedDateTimeLocal,
  parseDateTimeLocal,
} from '../../../../machines/permits/rules/london-time';
import { validatePermitForm } from '../../../../machines/permits/permit-form/permit-form-schema';
import {
  filledForm,
  plainSite,
} from '../../../../machines/permits/permit-form/permit-form-samples';

const schedulingSite = { ...plainSite, can_schedule_permits: true };

const skippedMessage = 'Invalid datetime for the timezone "Europe/London".';

function utcOf(value: string): string | null {
  return parseDateTimeLocal(value)?.toUTC().toISO() ?? null;
}

describe.each([
  ['October 2026', '2026-10-25'],
  ['October 2027', '2027-10-31'],
])('the hour the clocks repeat (%s)', (_, day) => {
  it('means its first occurrence, in BST', () => {
    expect(utcOf(`${day}T01:00`)).toBe(`${day}T00:00:00.000Z`);
    expect(utcOf(`${day}T01:30`)).toBe(`${day}T00:30:00.000Z`);
    expect(utcOf(`${day}T01:59`)).toBe(`${day}T00:59:00.000Z`);
  });

  it('leaves the hours either side as they are', () => {
    expect(utcOf(`${day}T00:59`)).toBe(`${previousDay(day)}T23:59:00.000Z`);
    expect(utcOf(`${day}T02:00`)).toBe(`${day}T02:00:00.000Z`);
  });

  it('is shown naming the occurrence', () => {
    expect(toUkDateTime(DateTime.fromISO(`${day}T00:30:00Z`))).toBe(`${ukDate(day)} 01:30 (BST)`);
    expect(toUkDateTime(DateTime.fromISO(`${day}T01:30:00Z`))).toBe(`${ukDate(day)} 01:30 (GMT)`);
    expect(toUkDateTime(DateTime.fromISO(`${day}T02:30:00Z`))).toBe(`${ukDate(day)} 02:30`);
  });

  it('is in the past once its first occurrence has gone, as the API host reckons it', () => {
    // 01:45 BST: 01:30 has gone by once already, so it is no longer a future expiry.
    const now = new Date(`${day}T00:45:00Z`);
    const values = { ...filledForm, end: `${day}T01:30` };
    expect(validatePermitForm(values, plainSite, now)).toEqual({
      end: 'Expiry date must be in the future',
    });
  });
});

describe.each([
  ['March 2026', '2026-03-29'],
  ['March 2027', '2027-03-28'],
])('the hour the clocks skip (%s)', (_, day) => {
  it('is no time at all, not moved on by an hour', () => {
    expect(parseDateTimeLocal(`${day}T01:00`)).toBeNull();
    expect(parseDateTimeLocal(`${day}T01:59`)).toBeNull();
    expect(isSkippedDateTimeLocal(`${day}T01:30`)).toBe(true);
    expect(isSkippedDateTimeLocal(`${day}T02:00`)).toBe(false);
    expect(utcOf(`${day}T02:00`)).toBe(`${day}T01:00:00.000Z`);
  });

  it('is refused by the form with the API host’s message', () => {
    const now = new Date(`${previousDay(day)}T12:00:00Z`);
    const values = {
      ...filledForm,
      schedule: true,
      start: `${day}T01:30`,
      end: `${day}T01:15`,
    };
    expect(validatePermitForm(values, schedulingSite, now)).toEqual({
      start: skippedMessage,
      end: skippedMessage,
    });
  });
});

it('still tells an empty or malformed date from a skipped one', () => {
  expect(isSkippedDateTimeLocal('')).toBe(false);
  expect(isSkippedDateTimeLocal('2026-02-30T01:30')).toBe(false);
  expect(validatePermitForm({ ...filledForm, end: '' }, plainSite, new Date())).toEqual({
    end: 'Expiry date is required',
  });
});

function previousDay(day: string): string {
  return DateTime.fromISO(day, { zone: 'utc' }).minus({ days: 1 }).toISODate() ?? '';
}

function ukDate(day: string): string {
  return DateTime.fromISO(day).toFormat('dd/MM/yyyy');
}
