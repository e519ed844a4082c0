import {
  visitorBookingSchema,
  visitorInvitationSchema,
  type VisitorBooking,
  type VisitorBookingRequest,
  type VisitorInvitation,
} from '../../contract/visitor-pass';
import { publicApiClient } from './api-client';
import { apiPaths } from './api-paths';
import { readAnswer } from './read-answer';

/**
 * The visitor's calls (docs/contract.md, "Visitor passes"), public and throttled by the host, sent
 * without an identity (`publicApiClient`). A pass used up, expired, withdrawn or unknown answers 404.
 */

/** GET /api/v1/visitor-passes/visit/{token}/: who sent the pass, its window and its site's rules. */
export async function getInvitation(token: string): Promise<VisitorInvitation> {
  const { data } = await publicApiClient().get<unknown>(apiPaths.visit(token));
  return readAnswer(visitorInvitationSchema, data, 'GET /api/v1/visitor-passes/visit/{token}/');
}

/**
 * POST /api/v1/visitor-passes/visit/{token}/book/: the booked permit (201). The receipt is mailed
 * in `language`, the one the visitor booked in (the visitor has no account to say it).
 */
export async function bookVisit(
  token: string,
  payload: VisitorBookingRequest,
): Promise<VisitorBooking> {
  const { data } = await publicApiClient().post<unknown>(apiPaths.bookVisit(token), payload);
  return readAnswer(visitorBookingSchema, data, 'POST /api/v1/visitor-passes/visit/{token}/book/');
}

/** GET /api/v1/visitor-passes/visit/{token}/bookings/{reference_no}/: the booking's live status. */
export async function getBooking(token: string, referenceNo: string): Promise<VisitorBooking> {
  const { data } = await publicApiClient().get<unknown>(apiPaths.visitBooking(token, referenceNo));
  return readAnswer(
    visitorBookingSchema,
    data,
    'GET /api/v1/visitor-passes/visit/{token}/bookings/{reference_no}/',
  );
}
