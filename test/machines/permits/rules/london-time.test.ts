import { DateTime, IANAZone } from 'luxon';
import { siteTimeZone, toUkDateTime } from '../../../../contract/london-wall-time';
import { parseDateTimeLocal } from '../../../../machines/permits/rules/london-time';
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
  expect(validatePermitForm({ ...filledForm, end: '' }, plainSite, new Date())).toEqual({
    end: 'Expiry date is required',
  });
});

describe("the site's time zone, its offsets remembered by the hour", () => {
  const luxonLondon = IANAZone.create('Europe/London');
  const offsetsAt = (instants: string[]) =>
    instants.map((instant) => siteTimeZone.offset(Date.parse(instant)));

  it('gives luxon’s own offsets either side of each clock change, however it is first asked', () => {
    // Each hour is asked about for the first time here: 2026's changes after, 2027's before.
    const changes2026 = [
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:59:59.999Z',
      '2026-10-25T01:00:00.000Z',
    ];
    const changes2027 = [
      '2027-10-31T01:00:00.000Z',
      '2027-10-31T00:59:59.999Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-28T00:59:59.999Z',
    ];
    // London's one change inside an hour: local mean time (-0:01:15) ended at 00:01:15 UTC.
    const change1847 = ['1847-12-01T00:01:15.000Z', '1847-12-01T00:01:14.000Z'];
    const instants = [...changes2026, ...changes2027, ...change1847];
    const luxons = instants.map((instant) => luxonLondon.offset(Date.parse(instant)));
    expect(luxons).toEqual([0, 60, 60, 0, 0, 60, 60, 0, 0, -1.25]);
    expect(offsetsAt(instants)).toEqual(luxons);
  });

  it('asks Intl nothing for an hour it has been asked about', () => {
    siteTimeZone.offset(Date.parse('2031-06-01T12:00:00Z'));
    const formatToParts = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const offset = siteTimeZone.offset(Date.parse('2031-06-01T12:59:59Z'));
      expect([offset, formatToParts.mock.calls.length]).toEqual([60, 0]);
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('gives luxon’s own offset at every hour of three years', () => {
    const start = Date.parse('2025-01-01T00:30:00Z');
    const hours = Array.from({ length: 3 * 8766 }, (_, hour) => start + hour * 3_600_000);
    const differing = hours.filter((ts) => siteTimeZone.offset(ts) !== luxonLondon.offset(ts));
    expect(differing.map((ts) => new Date(ts).toISOString())).toEqual([]);
  });
});

function previousDay(day: string): string {
  return DateTime.fromISO(day, { zone: 'utc' }).minus({ days: 1 }).toISODate() ?? '';
}

function ukDate(day: string): string {
  return DateTime.fromISO(day).toFormat('dd/MM/yyyy');
}
