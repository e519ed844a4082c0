import type { DateTime } from 'luxon';
import type { VisitorBookingPayload, VisitorInvitation } from '../../../contract/visitor-pass';
import { emptyPermitForm, minimumDateTimeLocal } from '../../permits/permit-form/permit-form-rules';
import type { PermitFormValues } from '../../permits/permit-form/permit-form-values';
import { toPermitCreatePayload } from '../../permits/add-permit/to-permit-create-payload';
import { parsePermitTime } from '../../permits/rules/permit-display';
import { inLondon, toDateTimeLocal } from '../../permits/rules/london-time';

/**
 * The visitor's booking form without its checks, which need Yup: its values, how it opens, and the
 * payload it sends. The checks are in ./visitor-booking-schema.ts, which the page loads with the
 * first "Book parking", as the sign-in page loads its own.
 */

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

/** The pass's window as instants; null where the host's time is unreadable. */
export function passWindow(invitation: VisitorInvitation) {
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
