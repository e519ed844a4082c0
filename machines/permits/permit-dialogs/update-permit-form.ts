import type { MessageDescriptor } from '@lingui/core';
import type { DateTime } from 'luxon';
import * as yup from 'yup';
import { chosenApiDateTime, toDateTimeLocal } from '../rules/london-time';
import { isIndefiniteEnd, parsePermitTime } from '../rules/permit-display';
import { minimumDateTimeLocal } from '../permit-form/permit-form-rules';
import { expirySchema, scheduledStartSchema } from '../permit-form/permit-form-schema';
import type { Permit, PermitUpdatePayload } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';

/**
 * The update dialog's texts (docs/contract.md §2, "Update dialog", and section 5, "Update permit").
 * Titles, buttons, busy labels, "Set as Indefinite", "Automatic End Date" and `endMissing` are the
 * spec's words; the hints are ours, from the spec's gist.
 */
export const updatePermitTexts = {
  scheduleTitle: /*i18n*/ 'Update Scheduled Permit',
  scheduleSubmit: /*i18n*/ 'Update Schedule',
  scheduleBusy: /*i18n*/ 'Updating Schedule...',
  expiryTitle: /*i18n*/ 'Update Permit Expiry',
  expirySubmit: /*i18n*/ 'Update Expiry',
  expiryBusy: /*i18n*/ 'Updating Expiry...',
  indefinite: /*i18n*/ 'Set as Indefinite',
  indefiniteHint: /*i18n*/ 'Removes the expiry: the permit stays active until you cancel it.',
  startHint: /*i18n*/ 'Choose a future date and time.',
  automaticEndTitle: /*i18n*/ 'Automatic End Date',
  endMissing: /*i18n*/ 'Please select a new expiry date or mark as indefinite',
} as const;

/**
 * What the update form holds (Formik owns it). Dates are `datetime-local` values,
 * 'yyyy-MM-ddTHH:mm' read as Europe/London wall time, or '' when empty.
 */
export interface UpdatePermitFormValues {
  start: string;
  end: string;
  indefinite: boolean;
}

export interface AutomaticEndNotice {
  title: string;
  /** A descriptor with the hours, formatted by the dialog. */
  message: MessageDescriptor;
}

/** How the update dialog looks for one permit on one site. */
export interface UpdatePermitForm {
  /** 'schedule' for a SCHEDULED permit, 'expiry' for any other. */
  variant: 'schedule' | 'expiry';
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** The new start field: only a SCHEDULED permit on a site that allows scheduling. */
  showsStart: boolean;
  /** The end field and "Set as Indefinite": only when the site has no automatic end. */
  showsEnd: boolean;
  /** Shown instead of the end fields when the site ends permits automatically. */
  automaticEndNotice: AutomaticEndNotice | null;
  /** The permit's current start and end, pre-filled. */
  initialValues: UpdatePermitFormValues;
}

/**
 * The notice's sentences. Where the start cannot be changed (any permit but a SCHEDULED one on a
 * site that allows scheduling) nothing the resident does moves the end, so the notice says so.
 */
function automaticEndNotice(hours: number, startChangeable: boolean): AutomaticEndNotice {
  return {
    title: updatePermitTexts.automaticEndTitle,
    message: startChangeable
      ? /*i18n*/ {
          id: 'Permits on this site end automatically {hours, plural, one {# hour} other {# hours}} after they start. Changing the start date resets the end date to {hours, plural, one {# hour} other {# hours}} after the new start.',
          values: { hours },
        }
      : /*i18n*/ {
          id: 'Permits on this site end automatically {hours, plural, one {# hour} other {# hours}} after they start, so end dates cannot be changed.',
          values: { hours },
        },
  };
}

/** An API time as a `datetime-local` value; '' when it names no time. */
function prefilledTime(ts: string): string {
  const instant = parsePermitTime(ts);
  return instant ? toDateTimeLocal(instant) : '';
}

/**
 * The update dialog for `permit` (docs/contract.md §2, "Update dialog"; §6): its variant,
 * texts, which fields it shows, and the permit's times pre-filled as London `datetime-local`
 * values (an end in year 9999 or 'Indefinite' pre-ticks "Set as Indefinite" instead).
 */
export function updatePermitForm(permit: Permit, settings: SiteSettings): UpdatePermitForm {
  const scheduled = permit.status === 'SCHEDULED';
  const showsStart = scheduled && settings.can_schedule_permits;
  const hours = settings.default_end_date_limit_hours;
  const indefinite = isIndefiniteEnd(permit.end_ts);
  return {
    variant: scheduled ? 'schedule' : 'expiry',
    title: scheduled ? updatePermitTexts.scheduleTitle : updatePermitTexts.expiryTitle,
    submitLabel: scheduled ? updatePermitTexts.scheduleSubmit : updatePermitTexts.expirySubmit,
    busyLabel: scheduled ? updatePermitTexts.scheduleBusy : updatePermitTexts.expiryBusy,
    showsStart,
    showsEnd: hours === 0,
    automaticEndNotice: hours > 0 ? automaticEndNotice(hours, showsStart) : null,
    initialValues: {
      start: prefilledTime(permit.start_ts),
      end: indefinite ? '' : prefilledTime(permit.end_ts),
      indefinite,
    },
  };
}

/** Ticking "Set as Indefinite" clears the end; un-ticking it leaves the end empty. */
export function withIndefinite(
  values: UpdatePermitFormValues,
  indefinite: boolean,
): UpdatePermitFormValues {
  return indefinite ? { ...values, indefinite, end: '' } : { ...values, indefinite };
}

/** Typing an end clears "Set as Indefinite"; emptying the field leaves the box as it was. */
export function withEnd(values: UpdatePermitFormValues, end: string): UpdatePermitFormValues {
  return end === '' ? { ...values, end } : { ...values, end, indefinite: false };
}

/** Whether a shown start field holds a start other than the permit's current one. */
function startChanged(form: UpdatePermitForm, values: UpdatePermitFormValues): boolean {
  return form.showsStart && values.start !== '' && values.start !== form.initialValues.start;
}

/**
 * Whether the update button is disabled for want of a choice (docs/contract.md §2; the app also
 * disables it while the machine is busy). Scheduled: no start, no end and not indefinite. Other:
 * no end and not indefinite, unless the automatic end applies. Hidden fields count as empty.
 */
export function isUpdateSubmitDisabled(
  form: UpdatePermitForm,
  values: UpdatePermitFormValues,
): boolean {
  const endChosen = form.showsEnd && (values.end !== '' || values.indefinite);
  if (form.variant === 'schedule') {
    return !(form.showsStart && values.start !== '') && !endChosen;
  }
  return !endChosen && form.automaticEndNotice === null;
}

/**
 * The update form's rules for `form` at `now` (test/machines/permits/permit-dialogs/update-permit-form.test.ts).
 * Without an automatic end, a new expiry or "Set as Indefinite" is needed and the expiry must be
 * in the future. A new scheduled start must be at least 1 minute ahead; an unchanged one is not
 * sent, so not checked. The start and expiry rules are the add form's, so both forms speak the
 * same words.
 */
export function updatePermitFormSchema(form: UpdatePermitForm, now: DateTime | Date) {
  // A new expiry must follow the start the dialog shows (the current one or a new one).
  const expiry = expirySchema(now, updatePermitTexts.endMissing, (values) =>
    form.showsStart ? values.start : '',
  );
  const start = scheduledStartSchema(now);
  return yup.object({
    end: form.showsEnd
      ? yup.string().when('indefinite', ([indefinite]) => (indefinite ? yup.string() : expiry))
      : yup.string(),
    start: yup.lazy((value?: string) =>
      startChanged(form, { ...form.initialValues, start: value ?? '' }) ? start : yup.string(),
    ),
  });
}

/**
 * The earliest values the date inputs accept: now plus 1 minute, and for the end also no earlier
 * than a chosen start.
 */
export function updatePermitMinimums(
  form: UpdatePermitForm,
  values: UpdatePermitFormValues,
  now: DateTime | Date,
): { start: string; end: string } {
  const earliest = minimumDateTimeLocal(now);
  // Both are 'yyyy-MM-ddTHH:mm' London wall times, which sort as text.
  const chosenStart = form.showsStart && values.start > earliest ? values.start : earliest;
  return { start: earliest, end: chosenStart };
}

const chosenWallTime = (value: string, field: 'start' | 'end') =>
  chosenApiDateTime(value, field, 'toPermitUpdatePayload');

/**
 * The PATCH full_update body (docs/contract.md §3 and §5). `start_ts` only when the start field is
 * shown and holds a new start; `end_ts` only when the end is the resident's to choose: null for
 * indefinite, else the chosen end. Times are London wall times without an offset, as in the
 * create payload. A key left out is not changed by the server.
 */
export function toPermitUpdatePayload(
  values: UpdatePermitFormValues,
  permit: Permit,
  settings: SiteSettings,
): PermitUpdatePayload {
  const form = updatePermitForm(permit, settings);
  const payload: PermitUpdatePayload = {};
  if (startChanged(form, values)) payload.start_ts = chosenWallTime(values.start, 'start');
  if (form.showsEnd && values.indefinite) payload.end_ts = null;
  else if (form.showsEnd && values.end !== '') payload.end_ts = chosenWallTime(values.end, 'end');
  return payload;
}
