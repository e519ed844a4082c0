import type { DateTime } from 'luxon';
import * as yup from 'yup';
import type { VisitorBookingPayload, VisitorInvitation } from '../../../contract/visitor-pass';
import { emailFormat } from '../../auth/shared/email-format';
import { emptyPermitForm, minimumDateTimeLocal } from '../../permits/permit-form/permit-form-rules';
import {
  expirySchema,
  londonInstant,
  permitFormMessages,
  permitFormSchema,
  scheduledStartSchema,
} from '../../permits/permit-form/permit-form-schema';
import type { PermitFormValues } from '../../permits/permit-form/permit-form-values';
import { toPermitCreatePayload } from '../../permits/add-permit/to-permit-create-payload';
import { formatPermitTime, parsePermitTime } from '../../permits/rules/permit-display';
import { inLondon, toDateTimeLocal } from '../../permits/rules/london-time';

/**
 * What the visitor's booking form holds (Formik owns it): Add Permit's vehicle, registration and
 * time fields, as Add Permit names them, so its rules and payload serve here too, and an optional
 * address for a receipt.
 */
export type VisitorBookingFormValues = Pick<
  PermitFormValues,
  | 'vrm'
  | 'vrm_confirmed'
  | 'make'
  | 'model'
  | 'colour'
  | 'schedule'
  | 'start'
  | 'end'
  | 'acknowledged'
> & { receipt_email: string };

/** The booking form's own messages, word for word (test/machines/visitor-passes/visitor-booking/). */
export const visitorBookingFormMessages = {
  startBeforePass: (from: string) => `Scheduled start date must be on or after ${from}`,
  startAfterPass: (until: string) => `Scheduled start date must be before ${until}`,
  endAfterPass: (until: string) => `Expiry date must be no later than ${until}`,
  receiptEmailFormat: emailFormat.message,
} as const;

/** The pass's window as instants; null where the host's time is unreadable. */
function passWindow(invitation: VisitorInvitation) {
  return {
    from: parsePermitTime(invitation.valid_from),
    until: parsePermitTime(invitation.valid_until),
  };
}

/** Whether the pass's window starts after `now`: the visitor must choose when they arrive. */
export function mustArriveLater(invitation: VisitorInvitation, now: DateTime | Date): boolean {
  const { from } = passWindow(invitation);
  return from !== null && from > inLondon(now);
}

/**
 * Whether nothing can be booked yet: the window starts later and the site lets no permit start
 * later than it is made.
 */
export function bookingOpensLater(invitation: VisitorInvitation, now: DateTime | Date): boolean {
  return mustArriveLater(invitation, now) && !invitation.site.can_schedule_permits;
}

/**
 * The earliest arrival the form offers, as a `datetime-local` value: the pass's start, or a
 * minute from now (`minimumDateTimeLocal`) when that is later.
 */
export function earliestArrival(invitation: VisitorInvitation, now: DateTime | Date): string {
  const soonest = minimumDateTimeLocal(now);
  const { from } = passWindow(invitation);
  if (from === null) return soonest;
  const fromLocal = toDateTimeLocal(from);
  return fromLocal > soonest ? fromLocal : soonest;
}

/** The booking form as it opens: empty, arriving later when the window has not yet begun. */
export function newVisitorBookingForm(
  invitation: VisitorInvitation,
  now: DateTime | Date,
): VisitorBookingFormValues {
  const { vrm, vrm_confirmed, make, model, colour, start, end, acknowledged } = emptyPermitForm;
  return {
    vrm,
    vrm_confirmed,
    make,
    model,
    colour,
    schedule: mustArriveLater(invitation, now),
    start,
    end,
    acknowledged,
    receipt_email: '',
  };
}

/**
 * The booking form's rules at `now`: Add Permit's for the vehicle, the registration and the times
 * on the pass's site (machines/permits/permit-form/permit-form-schema.ts), with the times held
 * within the pass's window (a chosen start on or after its start and before its end, a chosen end
 * no later than its end), and a receipt address, when given, in the host's e-mail format.
 */
export function visitorBookingSchema(invitation: VisitorInvitation, now: DateTime | Date) {
  const { site } = invitation;
  const { from, until } = passWindow(invitation);
  const fromText = formatPermitTime(invitation.valid_from);
  const untilText = formatPermitTime(invitation.valid_until);
  const permitFields = permitFormSchema(site, now).pick([
    'vrm',
    'vrm_confirmed',
    'make',
    'model',
    'colour',
    'acknowledged',
  ]);
  const start = scheduledStartSchema(now)
    .test('from', visitorBookingFormMessages.startBeforePass(fromText), (value) => {
      const instant = londonInstant(value);
      return instant === null || from === null || instant >= from;
    })
    .test('until', visitorBookingFormMessages.startAfterPass(untilText), (value) => {
      const instant = londonInstant(value);
      return instant === null || until === null || instant < until;
    });
  const end = expirySchema(now, permitFormMessages.endRequired, (values) =>
    values.schedule === true ? values.start : '',
  ).test('until', visitorBookingFormMessages.endAfterPass(untilText), (value) => {
    const instant = londonInstant(value);
    return instant === null || until === null || instant <= until;
  });
  return permitFields.shape({
    schedule: yup.boolean(),
    start: site.can_schedule_permits
      ? yup.string().when('schedule', ([schedule]) => (schedule ? start : yup.string()))
      : yup.string(),
    // The site's automatic end sets the end: there is none to choose.
    end: site.default_end_date_limit_hours > 0 ? yup.string() : end,
    receipt_email: yup
      .string()
      .trim()
      .max(254, visitorBookingFormMessages.receiptEmailFormat)
      .matches(emailFormat.pattern, {
        message: visitorBookingFormMessages.receiptEmailFormat,
        excludeEmptyString: true,
      }),
  });
}

/**
 * The POST .../visit/{token}/book/ body for a form its rules accepted: Add Permit's payload on the
 * pass's site (`toPermitCreatePayload`: a start now or the chosen one, the chosen end or none
 * under an automatic end), less the driver and the reference label, with the receipt address
 * when one was given.
 */
export function toVisitorBookingPayload(
  values: VisitorBookingFormValues,
  invitation: VisitorInvitation,
  now: DateTime | Date,
): VisitorBookingPayload {
  const permit = toPermitCreatePayload({ ...emptyPermitForm, ...values }, invitation.site, now);
  const receipt = values.receipt_email.trim();
  return {
    vrm: permit.vrm,
    make: permit.make,
    model: permit.model,
    colour: permit.colour,
    start_ts: permit.start_ts,
    end_ts: permit.end_ts,
    receipt_email: receipt === '' ? null : receipt,
  };
}
