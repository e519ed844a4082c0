import type { DateTime } from 'luxon';
import { inLondon, toDateTimeLocal } from '../rules/london-time';
import type { PermitFormValues } from './permit-form-values';
import { minimumScheduleLeadMinutes } from '../../../contract/permit-rules';

/**
 * The rules of a permit's form that need no Yup (docs/performance.md: a screen that shows the form
 * loads Yup with its first check): the empty form, the date inputs' minimums, the acknowledgement's
 * label. The rules that check the values are in ./permit-form-schema.ts.
 */

/** The acknowledgement tick's label, which the visitor's booking form shares with Add Permit's. */
export const acknowledgementLabel =
  /*i18n*/ 'I have verified that the details of this permit are correct.';

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
  vrm_confirmed: false,
  repeat_weekly: false,
  weeks: '',
};

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
