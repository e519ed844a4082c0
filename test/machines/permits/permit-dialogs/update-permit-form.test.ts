import { DateTime } from 'luxon';
import { i18n } from '../../../../src/i18n/i18n';
import type { Permit } from '../../../../contract/permit';
import type { SiteSettings } from '../../../../contract/site-settings';
import {
  isUpdateSubmitDisabled,
  toPermitUpdatePayload,
  updatePermitForm,
  updatePermitMinimums,
  updatePermitFormSchema,
  withEnd,
  withIndefinite,
  type AutomaticEndNotice,
  type UpdatePermitForm,
  type UpdatePermitFormValues,
} from '../../../../machines/permits/permit-dialogs/update-permit-form';
import { formErrors } from '../../../../machines/form-errors';
import {
  activePermit,
  scheduledPermit,
  schedulingSite,
} from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import { juneNoon, plainSite } from '../../../../machines/permits/permit-form/permit-form-samples';

/** The automatic-end notice as the dialog shows it in English. */
function inEnglish(notice: AutomaticEndNotice | null) {
  return notice && { title: notice.title, message: i18n._(notice.message) };
}

const automaticSite: SiteSettings = { ...schedulingSite, default_end_date_limit_hours: 24 };
const indefiniteEnd = '9999-12-01T00:00:00.000Z';

/** The form of `permit` on `site`, with `changes` made to its pre-filled values. */
function edited(permit: Permit, site: SiteSettings, changes: Partial<UpdatePermitFormValues>) {
  const form = updatePermitForm(permit, site);
  return { form, values: { ...form.initialValues, ...changes } };
}

describe('updatePermitForm', () => {
  it('offers a SCHEDULED permit the schedule variant', () => {
    expect(updatePermitForm(scheduledPermit, schedulingSite)).toMatchObject({
      variant: 'schedule',
      title: 'Update Scheduled Permit',
      submitLabel: 'Update Schedule',
      busyLabel: 'Updating Schedule...',
    });
  });

  it.each(['ACTIVE', 'QUEUED', 'UPDATE_FAILED'] as const)(
    'offers a %s permit the expiry variant',
    (status) => {
      expect(updatePermitForm({ ...activePermit, status }, schedulingSite)).toMatchObject({
        variant: 'expiry',
        title: 'Update Permit Expiry',
        submitLabel: 'Update Expiry',
        busyLabel: 'Updating Expiry...',
      });
    },
  );

  it('pre-fills the current start and end as London datetime-local values', () => {
    expect(updatePermitForm(scheduledPermit, schedulingSite).initialValues).toEqual({
      start: '2026-06-03T09:00',
      end: '2026-06-04T18:30',
      indefinite: false,
    });
  });

  it('reads a time without an offset as London wall time', () => {
    const permit = { ...activePermit, start_ts: '2026-06-01T08:15:00', end_ts: '2026-06-05T20:45' };
    expect(updatePermitForm(permit, plainSite).initialValues).toEqual({
      start: '2026-06-01T08:15',
      end: '2026-06-05T20:45',
      indefinite: false,
    });
  });

  it.each([
    ['a year-9999 end', indefiniteEnd],
    ['the text Indefinite', 'Indefinite'],
  ])('pre-ticks "Set as Indefinite" with an empty end for %s', (_, end_ts) => {
    expect(updatePermitForm({ ...activePermit, end_ts }, plainSite).initialValues).toEqual({
      start: '2026-05-31T10:00',
      end: '',
      indefinite: true,
    });
  });

  it('pre-fills the hour before and after the clocks go forward (29 March 2026)', () => {
    const permit = {
      ...activePermit,
      start_ts: '2026-03-29T00:30:00.000Z',
      end_ts: '2026-03-29T01:30:00.000Z',
    };
    expect(updatePermitForm(permit, plainSite).initialValues).toMatchObject({
      start: '2026-03-29T00:30',
      end: '2026-03-29T02:30',
    });
  });

  it('pre-fills both 01:30s when the clocks go back (25 October 2026)', () => {
    const permit = {
      ...activePermit,
      start_ts: '2026-10-25T00:30:00.000Z',
      end_ts: '2026-10-25T01:30:00.000Z',
    };
    expect(updatePermitForm(permit, plainSite).initialValues).toMatchObject({
      start: '2026-10-25T01:30',
      end: '2026-10-25T01:30',
    });
  });

  it('shows the start only for a SCHEDULED permit on a site that allows scheduling', () => {
    expect(updatePermitForm(scheduledPermit, schedulingSite).showsStart).toBe(true);
    expect(updatePermitForm(scheduledPermit, plainSite).showsStart).toBe(false);
    expect(updatePermitForm(activePermit, schedulingSite).showsStart).toBe(false);
  });

  it('shows the end fields and no notice when the site has no automatic end', () => {
    expect(updatePermitForm(activePermit, plainSite)).toMatchObject({
      showsEnd: true,
      automaticEndNotice: null,
    });
  });

  it('hides the end fields under an automatic end and says a new start resets the end', () => {
    const form = updatePermitForm(scheduledPermit, automaticSite);
    expect(form).toMatchObject({ showsEnd: false });
    expect(inEnglish(form.automaticEndNotice)).toEqual({
      title: 'Automatic End Date',
      message:
        'Permits on this site end automatically 24 hours after they start. Changing the start date resets the end date to 24 hours after the new start.',
    });
  });

  it('says end dates cannot be changed when the start cannot be either', () => {
    const notice = {
      title: 'Automatic End Date',
      message:
        'Permits on this site end automatically 24 hours after they start, so end dates cannot be changed.',
    };
    expect(inEnglish(updatePermitForm(activePermit, automaticSite).automaticEndNotice)).toEqual(
      notice,
    );
    const noScheduling = { ...automaticSite, can_schedule_permits: false };
    expect(inEnglish(updatePermitForm(scheduledPermit, noScheduling).automaticEndNotice)).toEqual(
      notice,
    );
  });

  it('speaks of one hour in the singular', () => {
    const site = { ...plainSite, default_end_date_limit_hours: 1 };
    expect(inEnglish(updatePermitForm(activePermit, site).automaticEndNotice)?.message).toBe(
      'Permits on this site end automatically 1 hour after they start, so end dates cannot be changed.',
    );
  });
});

describe('withIndefinite and withEnd', () => {
  const values = { start: '', end: '2026-06-04T18:30', indefinite: false };

  it('clears the end when "Set as Indefinite" is ticked', () => {
    expect(withIndefinite(values, true)).toEqual({ start: '', end: '', indefinite: true });
  });

  it('leaves the end empty when the box is un-ticked', () => {
    const ticked = withIndefinite(values, true);
    expect(withIndefinite(ticked, false)).toEqual({ start: '', end: '', indefinite: false });
  });

  it('clears "Set as Indefinite" when an end is typed', () => {
    const ticked = { ...values, end: '', indefinite: true };
    expect(withEnd(ticked, '2026-06-06T10:00')).toEqual({
      start: '',
      end: '2026-06-06T10:00',
      indefinite: false,
    });
  });

  it('keeps the box as it was when the end is emptied', () => {
    expect(withEnd(values, '')).toEqual({ start: '', end: '', indefinite: false });
  });
});

describe('isUpdateSubmitDisabled', () => {
  const nothing = { start: '', end: '', indefinite: false };

  it.each([
    ['nothing is chosen', nothing, true],
    ['only a start is chosen', { ...nothing, start: '2026-06-03T10:00' }, false],
    ['only an end is chosen', { ...nothing, end: '2026-06-04T18:00' }, false],
    ['only "Set as Indefinite" is ticked', { ...nothing, indefinite: true }, false],
  ])('for a scheduled permit when %s: %s', (_, values, disabled) => {
    const form = updatePermitForm(scheduledPermit, schedulingSite);
    expect(isUpdateSubmitDisabled(form, values)).toBe(disabled);
  });

  it('counts a start the site hides as not chosen', () => {
    const form = updatePermitForm(scheduledPermit, plainSite);
    expect(isUpdateSubmitDisabled(form, { ...nothing, start: '2026-06-03T10:00' })).toBe(true);
  });

  it('counts an end hidden by the automatic end as not chosen for a scheduled permit', () => {
    const form = updatePermitForm(scheduledPermit, automaticSite);
    expect(isUpdateSubmitDisabled(form, { ...nothing, end: '2026-06-04T18:00' })).toBe(true);
    expect(isUpdateSubmitDisabled(form, { ...nothing, start: '2026-06-03T10:00' })).toBe(false);
  });

  it.each([
    ['nothing is chosen', nothing, true],
    ['only a start is typed', { ...nothing, start: '2026-06-03T10:00' }, true],
    ['an end is chosen', { ...nothing, end: '2026-06-04T18:00' }, false],
    ['"Set as Indefinite" is ticked', { ...nothing, indefinite: true }, false],
  ])('for another permit when %s: %s', (_, values, disabled) => {
    const form = updatePermitForm(activePermit, plainSite);
    expect(isUpdateSubmitDisabled(form, values)).toBe(disabled);
  });

  it('leaves it enabled for another permit when the automatic end applies', () => {
    const form = updatePermitForm(activePermit, automaticSite);
    expect(isUpdateSubmitDisabled(form, nothing)).toBe(false);
  });

  it('is enabled for the pre-filled values', () => {
    const scheduled = updatePermitForm(scheduledPermit, schedulingSite);
    const active = updatePermitForm(activePermit, plainSite);
    expect(isUpdateSubmitDisabled(scheduled, scheduled.initialValues)).toBe(false);
    expect(isUpdateSubmitDisabled(active, active.initialValues)).toBe(false);
  });
});

/** What the dialog's rules (`updatePermitFormSchema`, as the dialog checks it) say about `values`. */
function validateUpdatePermitForm(
  form: UpdatePermitForm,
  values: UpdatePermitFormValues,
  now: DateTime | Date,
): Record<string, unknown> {
  return formErrors(updatePermitFormSchema(form, now), values);
}

describe("the update dialog's rules", () => {
  it('accepts the pre-filled values of a permit still to end', () => {
    const { form, values } = edited(activePermit, plainSite, {});
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({});
  });

  it('asks for an expiry or "Set as Indefinite", word for word', () => {
    const { form, values } = edited(activePermit, plainSite, { end: '' });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({
      end: 'Please select a new expiry date or mark as indefinite',
    });
  });

  it('refuses an expiry the clocks skip with the API host’s message, not as missing', () => {
    const { form, values } = edited(activePermit, plainSite, { end: '2027-03-28T01:30' });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({
      end: 'Invalid datetime for the timezone "Europe/London".',
    });
  });

  it('accepts no end with "Set as Indefinite" ticked', () => {
    const { form, values } = edited(activePermit, plainSite, { end: '', indefinite: true });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({});
  });

  it('asks for nothing when the site ends permits automatically', () => {
    const { form, values } = edited(activePermit, automaticSite, { end: '' });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({});
  });

  it.each([
    ['now', '2026-06-01T12:00'],
    ['an hour ago', '2026-06-01T11:00'],
  ])('wants the expiry in the future, not %s', (_, end) => {
    const { form, values } = edited(activePermit, plainSite, { end });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({
      end: 'Expiry date must be in the future',
    });
  });

  it.each([
    ['in the past', '2026-06-01T11:59', 'Scheduled start date must be in the future'],
    ['now', '2026-06-01T12:00', 'Scheduled start date must be in the future'],
    [
      'under a minute ahead',
      '2026-06-01T12:00',
      'Scheduled start date must be at least 1 minute in the future',
      new Date('2026-06-01T10:59:30Z'),
    ],
  ])('refuses a new start %s', (_, start, message, now = juneNoon) => {
    const { form, values } = edited(scheduledPermit, schedulingSite, { start });
    expect(validateUpdatePermitForm(form, values, now)).toEqual({ start: message });
  });

  it('accepts a new start a minute ahead', () => {
    const { form, values } = edited(scheduledPermit, schedulingSite, { start: '2026-06-01T12:01' });
    expect(validateUpdatePermitForm(form, values, juneNoon)).toEqual({});
  });

  it('does not check an unchanged start, which is not sent', () => {
    const { form, values } = edited(scheduledPermit, schedulingSite, {});
    const afterTheStart = new Date('2026-06-03T09:00:00Z');
    expect(validateUpdatePermitForm(form, values, afterTheStart)).toEqual({});
  });

  it('reads now given as a luxon DateTime in any zone', () => {
    const { form, values } = edited(activePermit, plainSite, { end: '2026-06-01T12:00' });
    const now = DateTime.fromISO('2026-06-01T07:00:00', { zone: 'America/New_York' });
    expect(validateUpdatePermitForm(form, values, now)).toEqual({
      end: 'Expiry date must be in the future',
    });
  });
});

describe('updatePermitMinimums', () => {
  it('is now plus a minute, rounded up to the minute, for both inputs', () => {
    const { form, values } = edited(activePermit, plainSite, {});
    const now = new Date('2026-06-01T11:00:20Z');
    expect(updatePermitMinimums(form, values, now)).toEqual({
      start: '2026-06-01T12:02',
      end: '2026-06-01T12:02',
    });
  });

  it('does not let the end come before a chosen start', () => {
    const { form, values } = edited(scheduledPermit, schedulingSite, {});
    expect(updatePermitMinimums(form, values, juneNoon)).toEqual({
      start: '2026-06-01T12:01',
      end: '2026-06-03T09:00',
    });
  });
});

describe('toPermitUpdatePayload', () => {
  it('sends a new start and the end as London wall times without an offset', () => {
    const values = { start: '2026-06-03T10:00', end: '2026-06-04T19:00', indefinite: false };
    expect(toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toEqual({
      start_ts: '2026-06-03T10:00:00',
      end_ts: '2026-06-04T19:00:00',
    });
  });

  it('leaves an unchanged start out', () => {
    const { values } = edited(scheduledPermit, schedulingSite, { end: '2026-06-05T09:00' });
    expect(toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toEqual({
      end_ts: '2026-06-05T09:00:00',
    });
  });

  it('leaves an emptied start out', () => {
    const { values } = edited(scheduledPermit, schedulingSite, { start: '' });
    expect(toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toEqual({
      end_ts: '2026-06-04T18:30:00',
    });
  });

  it('leaves the start out where the site hides it', () => {
    const { values } = edited(scheduledPermit, plainSite, { start: '2026-06-03T10:00' });
    expect(toPermitUpdatePayload(values, scheduledPermit, plainSite)).toEqual({
      end_ts: '2026-06-04T18:30:00',
    });
    expect(toPermitUpdatePayload(values, activePermit, schedulingSite)).not.toHaveProperty(
      'start_ts',
    );
  });

  it('sends a null end for "Set as Indefinite"', () => {
    const values = { start: '', end: '', indefinite: true };
    expect(toPermitUpdatePayload(values, activePermit, plainSite)).toEqual({ end_ts: null });
  });

  it('sends only the start when the site ends permits automatically', () => {
    const { values } = edited(scheduledPermit, automaticSite, { start: '2026-06-03T10:00' });
    expect(toPermitUpdatePayload(values, scheduledPermit, automaticSite)).toEqual({
      start_ts: '2026-06-03T10:00:00',
    });
    expect(toPermitUpdatePayload(values, activePermit, automaticSite)).toEqual({});
  });

  it('sends no end when none is chosen', () => {
    const values = { start: '2026-06-03T10:00', end: '', indefinite: false };
    expect(toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toEqual({
      start_ts: '2026-06-03T10:00:00',
    });
  });

  it('keeps the wall time the resident chose on either side of a clock change', () => {
    const values = { start: '2026-10-25T01:30', end: '2026-10-25T03:15', indefinite: false };
    expect(toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toEqual({
      start_ts: '2026-10-25T01:30:00',
      end_ts: '2026-10-25T03:15:00',
    });
  });

  it('never sends a time the clocks skip (29 March 2026): the rules refuse it', () => {
    const values = { start: '2026-03-29T01:30', end: '2026-03-29T03:00', indefinite: false };
    expect(() => toPermitUpdatePayload(values, scheduledPermit, schedulingSite)).toThrow(
      /start "2026-03-29T01:30" is not a date/,
    );
  });

  it('refuses to send a malformed date', () => {
    const values = { start: '', end: '04/06/2026 18:30', indefinite: false };
    expect(() => toPermitUpdatePayload(values, activePermit, plainSite)).toThrow(
      /end "04\/06\/2026 18:30" is not a date/,
    );
  });
});
