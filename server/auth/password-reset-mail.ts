import { DateTime } from 'luxon';
import type { MailMessage } from '../mail/mailer';
import { toUkDateTime } from '../../contract/london-wall-time';

export interface PasswordResetMailDetails {
  email: string;
  /** The web app's origin; the link opens its /reset-password screen. */
  webOrigin: string;
  uid: string;
  token: string;
  expiresAt: Date;
}

/** `${webOrigin}/reset-password?uid=…&token=…`: the route and parameters of docs/contract.md §2. */
function passwordResetLink(webOrigin: string, uid: string, token: string): string {
  const link = new URL('/reset-password', webOrigin);
  link.searchParams.set('uid', uid);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The e-mail that carries a password-reset link, with its expiry in UK time (docs/contract.md §9). */
export function passwordResetMail(details: PasswordResetMailDetails): MailMessage {
  const expiry = toUkDateTime(DateTime.fromJSDate(details.expiresAt));
  return {
    to: details.email,
    subject: 'Reset your Kerbside password',
    text: [
      // No name: the address may belong to someone other than whoever typed it in (issue 34).
      'Hello,',
      '',
      'Someone asked to reset the password of your Kerbside account. To choose a new password, open this link:',
      '',
      passwordResetLink(details.webOrigin, details.uid, details.token),
      '',
      `The link works once, until ${expiry} (UK time).`,
      '',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}
