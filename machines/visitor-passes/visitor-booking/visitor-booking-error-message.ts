import { inviterHasNoPermitsLeftMessage } from '../../../contract/visitor-pass';
import type { HttpFailure } from '../../http-failure';
import {
  createPermitMessages,
  toCreatePermitErrorMessage,
} from '../../permits/add-permit/create-permit-error-message';
import { toFormFailure, type FormFailure } from '../visitor-pass/visitor-pass-error-message';

/** What the visitor is told when the booking fails, word for word (English ids). */
export const visitorBookingMessages = {
  failed: /*i18n*/ 'Your parking could not be booked. Please try again.',
  tooManyAttempts: /*i18n*/ 'Too many attempts. Please wait a moment and try again.',
  loadFailed: /*i18n*/ 'This page could not be loaded. Please try again.',
  noPermitsLeft: inviterHasNoPermitsLeftMessage,
} as const;

/** The booking's fields by the host's names, as the visitor's form names them. */
const bookingFields = {
  vrm: 'vrm',
  make: 'make',
  model: 'model',
  colour: 'colour',
  start_ts: 'start',
  end_ts: 'end',
  receipt_email: 'receipt_email',
};

/**
 * A refused booking as the form shows it. A throttled one (429) is told to wait; otherwise the
 * host's own word (the resident's allowance, "The person who invited you has no permits left right
 * now", shown as it is; an overlap or a provider's failure in Add Permit's words,
 * `toCreatePermitErrorMessage`) and each field it names. A 404, the pass no longer usable, is not
 * a refusal of the form: the machine shows the unusable page instead.
 */
export function toVisitorBookingFailure(failure: HttpFailure): FormFailure {
  if (failure.status === 429)
    return { message: visitorBookingMessages.tooManyAttempts, fieldErrors: null };
  const { message, fieldErrors } = toFormFailure(
    failure,
    bookingFields,
    visitorBookingMessages.failed,
  );
  if (message === null || message === visitorBookingMessages.failed)
    return { message, fieldErrors };
  const worded = toCreatePermitErrorMessage({ body: { non_field_errors: [message] } });
  return {
    message: worded === createPermitMessages.failed ? visitorBookingMessages.failed : worded,
    fieldErrors,
  };
}
