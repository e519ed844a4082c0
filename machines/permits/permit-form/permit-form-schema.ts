import type { DateTime } from 'luxon';
import * as yup from 'yup';
import type { SiteSettings } from '../../../contract/site-settings';
import {
  endInPastMessage,
  minimumScheduleLeadMinutes,
  permitFieldMaxLengths as longest,
  referenceLabelMaxLength,
  startTooSoonMessage,
} from '../../../contract/permit-rules';
import { tooLongMessage, withinHostLength } from '../../field-length';
import { skippedWallTimeMessage } from '../../../contract/london-wall-time';
import { dateTimePartsMessage, readDateTimeParts } from '../rules/date-time-parts';
import { inLondon } from '../rules/london-time';
import { needsConfirmation } from '../rules/uk-registration';
import { seriesWeekLimits } from '../rules/weekly-series';
import type { PermitFormValues } from './permit-form-values';
import type { PermitFormErrors } from './permit-form-rules';
import { formErrors } from '../../form-errors';

/**
 * The add form's messages, word for word (test/machines/permits/permit-form/permit-form-rules.test.ts); the
 * required-field texts name the field.
 */
export const permitFormMessages = {
  acknowledgement:
    /*i18n*/ 'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.',
  referenceLabelRequired: /*i18n*/ 'Reference label is required',
  referenceLabelTooLong: tooLongMessage('Reference label', referenceLabelMaxLength),
  vrmRequired: /*i18n*/ 'Registration number is required',
  makeRequired: /*i18n*/ 'Make is required',
  modelRequired: /*i18n*/ 'Model is required',
  endRequired: /*i18n*/ 'Expiry date is required',
  endNotInFuture: endInPastMessage,
  endNotAfterStart: /*i18n*/ 'Expiry date must be after the scheduled start date',
  startRequired: /*i18n*/ 'Scheduled start date is required',
  startNotInFuture: /*i18n*/ 'Scheduled start date must be in the future',
  startTooSoon: startTooSoonMessage,
  vrmNotConfirmed:
    /*i18n*/ 'Check the registration against the vehicle, then tick “This registration is correct”.',
  weeksOutOfRange: /*i18n*/ {
    id: 'Enter a number of weeks from {fewest} to {most}',
    values: { fewest: seriesWeekLimits.fewest, most: seriesWeekLimits.most },
  },
  seriesNeedsExpiry:
    /*i18n*/ 'A weekly series needs an expiry date, so each week ends before the next starts',
  seriesWeeksOverlap:
    /*i18n*/ 'Each week must end less than 7 days after it starts, before the next starts',
} as const;

/**
 * "Number of weeks": a whole number from 2 to 8 (`seriesWeekLimits`), for weeks that cannot
 * overlap (the API host refuses one vehicle's overlapping permits): each ends before the next.
 */
const weeksSchema = yup
  .string()
  .test('in-range', permitFormMessages.weeksOutOfRange, (value) => {
    const typed = (value ?? '').trim();
    const weeks = Number(typed);
    return (
      /^\d+$/.test(typed) && weeks >= seriesWeekLimits.fewest && weeks <= seriesWeekLimits.most
    );
  })
  .test('has-end', permitFormMessages.seriesNeedsExpiry, (_, { parent }) => {
    return !(parent as PermitFormValues).indefinite;
  })
  .test('within-week', permitFormMessages.seriesWeeksOverlap, (_, { parent }) => {
    const { start, end } = parent as PermitFormValues;
    const [from, to] = [londonInstant(start), londonInstant(end)];
    return from === null || to === null || to.diff(from, 'days').days < 7;
  });

/** The names the date messages begin with (the add form's labels; the update dialog's too). */
const dateFieldNames = { start: 'Scheduled start date', end: 'Expiry date' } as const;

/** A date input's value as a London instant; null when it names none (Formik sends '' as undefined). */
export function londonInstant(value: string | undefined): DateTime | null {
  const reading = readDateTimeParts(value ?? '');
  return reading.kind === 'ok' ? reading.instant : null;
}

/** A text field that must hold more than spaces. */
function requiredText(message: string) {
  return yup.string().trim().required(message);
}

/**
 * A London date input (src/ui/date-time-input.tsx) that must name an instant. Each test answers
 * one case (a time the clocks skip, boxes that name no date, no date at all), so exactly one
 * message shows; `name` begins the messages about the boxes.
 */
export function londonDateTimeSchema(messages: { name: string; missing: string }) {
  return (
    yup
      .string()
      // A time the clocks skip in March names no instant: say so rather than "required".
      .test(
        'skipped',
        skippedWallTimeMessage,
        (value) => readDateTimeParts(value ?? '').kind !== 'skipped',
      )
      // Half-typed or impossible boxes are told what was wrong with them, not "required".
      .test('parts', (value, context) => {
        const message = dateTimePartsMessage(messages.name, readDateTimeParts(value ?? ''));
        return message === null || context.createError({ message });
      })
      .test('missing', messages.missing, (value) => londonInstant(value) !== null)
  );
}

/**
 * A London date input that must hold a date after `now` (`londonDateTimeSchema`, then not ahead,
 * and with `tooSoon` less than the lead ahead), so exactly one message shows.
 */
export function futureDateTime(
  now: DateTime,
  messages: { name: string; missing: string; notInFuture: string; tooSoon?: string },
) {
  const schema = londonDateTimeSchema(messages).test('in-future', messages.notInFuture, (value) => {
    const instant = londonInstant(value);
    return instant === null || instant > now;
  });
  const { tooSoon } = messages;
  if (tooSoon === undefined) return schema;
  const earliest = now.plus({ minutes: minimumScheduleLeadMinutes });
  return schema.test('lead', tooSoon, (value) => {
    const instant = londonInstant(value);
    return instant === null || instant <= now || instant >= earliest;
  });
}

/** A scheduled start: at least 1 minute after `now` (the add form's and the update's rule). */
export function scheduledStartSchema(now: DateTime | Date) {
  return futureDateTime(inLondon(now), {
    name: dateFieldNames.start,
    missing: permitFormMessages.startRequired,
    notInFuture: permitFormMessages.startNotInFuture,
    tooSoon: permitFormMessages.startTooSoon,
  });
}

/**
 * An expiry: after `now`, and after the start `startOf` reads from the form's other values when
 * it names one; `missing` is what an empty field is told.
 */
export function expirySchema(
  now: DateTime | Date,
  missing: string,
  startOf: (values: Record<string, unknown>) => unknown = () => '',
) {
  return futureDateTime(inLondon(now), {
    name: dateFieldNames.end,
    missing,
    notInFuture: permitFormMessages.endNotInFuture,
  }).test('after-start', permitFormMessages.endNotAfterStart, (value, { parent }) => {
    const start = startOf(parent as Record<string, unknown>);
    const startInstant = typeof start === 'string' ? londonInstant(start) : null;
    const endInstant = londonInstant(value);
    return startInstant === null || endInstant === null || endInstant > startInstant;
  });
}

/**
 * The add-permit form's rules on `settings` at `now`
 * (test/machines/permits/permit-form/permit-form-rules.test.ts). Fields the site hides (reference label,
 * schedule, end under an automatic end) are not checked; the expiry is not checked when "Set as
 * Indefinite" is ticked, the start only when the schedule box is.
 */
export function permitFormSchema(settings: SiteSettings, now: DateTime | Date) {
  // The expiry follows the scheduled start only when the schedule box is ticked.
  const expiry = expirySchema(now, permitFormMessages.endRequired, (values) =>
    values.schedule === true ? values.start : '',
  );
  const start = scheduledStartSchema(now);
  return yup.object({
    reference_label: settings.can_add_reference
      ? requiredText(permitFormMessages.referenceLabelRequired).max(
          referenceLabelMaxLength,
          permitFormMessages.referenceLabelTooLong,
        )
      : yup.string(),
    // A mark in a UK format is never held back; any other needs the resident's word
    // (test/machines/permits/rules/uk-registration.test.ts); the statechart's SUBMIT comes only after this.
    vrm: requiredText(permitFormMessages.vrmRequired).test(
      'confirmed',
      permitFormMessages.vrmNotConfirmed,
      (value, { parent }: { parent: { vrm_confirmed?: boolean } }) =>
        parent.vrm_confirmed === true || !needsConfirmation(value ?? ''),
    ),
    make: withinHostLength(
      requiredText(permitFormMessages.makeRequired),
      longest.make,
      /*i18n*/ 'Make',
    ),
    model: withinHostLength(
      requiredText(permitFormMessages.modelRequired),
      longest.model,
      /*i18n*/ 'Model',
    ),
    colour: withinHostLength(yup.string().trim(), longest.colour, /*i18n*/ 'Colour'),
    driver_first: withinHostLength(
      yup.string().trim(),
      longest.driver_first,
      /*i18n*/ 'Driver first name',
    ),
    driver_last: withinHostLength(
      yup.string().trim(),
      longest.driver_last,
      /*i18n*/ 'Driver last name',
    ),
    end:
      settings.default_end_date_limit_hours > 0
        ? yup.string()
        : yup.string().when('indefinite', ([indefinite]) => (indefinite ? yup.string() : expiry)),
    start: settings.can_schedule_permits
      ? yup.string().when('schedule', ([schedule]) => (schedule ? start : yup.string()))
      : yup.string(),
    acknowledged: yup.boolean().oneOf([true], permitFormMessages.acknowledgement),
    vrm_confirmed: yup.boolean(),
    repeat_weekly: yup.boolean(),
    // Repeating is offered with a scheduled start only (a series needs a fixed wall time).
    weeks: settings.can_schedule_permits
      ? yup
          .string()
          .when(['schedule', 'repeat_weekly'], ([schedule, repeat]) =>
            schedule && repeat ? weeksSchema : yup.string(),
          )
      : yup.string(),
  });
}

/**
 * What the add-permit form's rules (`permitFormSchema`) say about `values`: each invalid field with
 * its message; an empty object when the form may be sent.
 */
export function validatePermitForm(
  values: PermitFormValues,
  settings: SiteSettings,
  now: DateTime | Date,
): PermitFormErrors {
  return formErrors(permitFormSchema(settings, now), values);
}
