import type { PermitRow } from '../db/schema';
import type { MailMessage } from './mailer';
import { permitMailBodies, permitMailFacts } from './permit-mail-content';

export const visitorReceiptSubject = 'Parking booked: your Kerbside visitor permit receipt';

const opening =
  'Parking is booked for your visit. Keep this e-mail as your receipt; the permit is your host’s.';

/**
 * The receipt a visitor may ask for when booking on a visitor pass: the permit's registration,
 * vehicle, start and end in UK time, reference and status, as plain text and HTML, with no link
 * (not even the pass's) and nothing the visitor typed in the subject. Sent once, to an address
 * that is not stored.
 */
export function visitorReceiptMail(to: string, permit: PermitRow): MailMessage {
  return {
    to,
    subject: visitorReceiptSubject,
    ...permitMailBodies(opening, permitMailFacts(permit, permit.status)),
  };
}
