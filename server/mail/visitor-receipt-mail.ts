import type { MailLanguage } from '../../contract/languages';
import type { PermitRow } from '../db/schema';
import { mailI18n } from './mail-i18n';
import type { MailMessage } from './mailer';
import { permitMailBodies, permitMailFacts } from './permit-mail-content';

/** The receipt's subject in English (marked for the mail catalogue, written in the mail's language). */
export const visitorReceiptSubject =
  /*i18n*/ 'Parking booked: your Kerbside visitor permit receipt';

const opening =
  /*i18n*/ 'Parking is booked for your visit. Keep this e-mail as your receipt; the permit is your host’s.';

/**
 * The receipt a visitor may ask for when booking on a visitor pass, in the language the booking
 * named (English when none): the permit's registration, vehicle, start and end in UK time,
 * reference and status, as plain text and HTML, with no link (not even the pass's) and nothing
 * the visitor typed in the subject. Sent once, to an address that is not stored.
 */
export function visitorReceiptMail(
  to: string,
  permit: PermitRow,
  language: MailLanguage = 'en',
): MailMessage {
  const i18n = mailI18n(language);
  return {
    to,
    subject: i18n._(visitorReceiptSubject),
    ...permitMailBodies(i18n, i18n._(opening), permitMailFacts(i18n, permit, permit.status)),
  };
}
