import type { DateTime } from 'luxon';
import { skippedWallTimeMessage } from '../../contract/london-wall-time';
import {
  inLondon,
  isSkippedDateTimeLocal,
  parseDateTimeLocal,
  toDateTimeLocal,
} from './london-time';
import type { PermitFormValues } from './permit-form-values';
import type { SiteSettings } from '../../contract/site-settings';

/** The add-permit form before the resident types anything. */
export const emptyPermitForm: PermitFormValues = {
  reference_label: '',
  vrm: '',
  make: '',
  model: '',
  colour: '',
  driver_first: '',
  driver_last: '',
  end: '',
  indefinite: false,
  schedule: false,
  start: '',
  acknowledged: false,
};

/** Spec section 5, "Add permit", word for word; the required-field texts name the field. */
export const permitFormMessages = {
  acknowledgement:
    'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.',
  referenceLabelRequired: 'Reference label is required',
  vrmRequired: 'Registration number is required',
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  endRequired: 'Expiry date is required',
  endNotInFuture: 'Expiry date must be in the future',
  startRequired: 'Scheduled start date is required',
  startNotInFuture: 'Scheduled start date must be in the future',
  startTooSoon: 'Scheduled start date must be at least 1 minute in the future',
} as const;

/** How far ahead a scheduled start must be (spec section 9). */
const minimumScheduleLeadMinutes = 1;

export type PermitFormErrors = Partial<Record<keyof PermitFormValues, string>>;

/**
 * The earliest value the form's date inputs accept: now plus 1 minute, as a London
 * `datetime-local` value. The inputs hold whole minutes, so it is rounded up: rounding down would
 * offer a start that the rules then refuse as less than a minute ahead.
 */
export function minimumDateTimeLocal(now: DateTime | Date): string {
  const earliest = inLondon(now).plus({ minutes: minimumScheduleLeadMinutes });
  const wholeMinute = earliest.startOf('minute');
  return toDateTimeLocal(wholeMinute < earliest ? wholeMinute.plus({ minutes: 1 }) : wholeMinute);
}

/** The expiry input's minimum: the chosen start when the permit is scheduled, else as any date. */
export function minimumExpiry(values: PermitFormValues, now: DateTime | Date): string {
  return values.schedule && values.start !== '' ? values.start : minimumDateTimeLocal(now);
}

/** Whether a text field holds more than spaces. */
function isBlank(value: string): boolean {
  return value.trim() === '';
}

function endError(values: PermitFormValues, settings: SiteSettings, now: DateTime) {
  if (values.indefinite || settings.default_end_date_limit_hours > 0) return undefined;
  const end = parseDateTimeLocal(values.end);
  if (isSkippedDateTimeLocal(values.end)) return skippedWallTimeMessage;
  if (!end) return permitFormMessages.endRequired;
  return end <= now ? permitFormMessages.endNotInFuture : undefined;
}

function startError(values: PermitFormValues, settings: SiteSettings, now: DateTime) {
  if (!settings.can_schedule_permits || !values.schedule) return undefined;
  const start = parseDateTimeLocal(values.start);
  if (isSkippedDateTimeLocal(values.start)) return skippedWallTimeMessage;
  if (!start) return permitFormMessages.startRequired;
  if (start <= now) return permitFormMessages.startNotInFuture;
  return start < now.plus({ minutes: minimumScheduleLeadMinutes })
    ? permitFormMessages.startTooSoon
    : undefined;
}

/**
 * The add-permit form's rules (spec section 5, "Add permit"): each invalid field with its
 * message; an empty object when the form may be sent. Fields the site hides (reference label,
 * schedule, end under an automatic end) are not checked.
 */
export function validatePermitForm(
  values: PermitFormValues,
  settings: SiteSettings,
  now: DateTime | Date,
): PermitFormErrors {
  const instant = inLondon(now);
  const errors: PermitFormErrors = {
    reference_label:
      settings.can_add_reference && isBlank(values.reference_label)
        ? permitFormMessages.referenceLabelRequired
        : undefined,
    vrm: isBlank(values.vrm) ? permitFormMessages.vrmRequired : undefined,
    make: isBlank(values.make) ? permitFormMessages.makeRequired : undefined,
    model: isBlank(values.model) ? permitFormMessages.modelRequired : undefined,
    end: endError(values, settings, instant),
    start: startError(values, settings, instant),
    acknowledged: values.acknowledged ? undefined : permitFormMessages.acknowledgement,
  };
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as PermitFormErrors;
}
