import type { MailLanguage } from '../../contract/languages';
import { mailDateTime, mailI18n } from '../mail/mail-i18n';
import type { MailMessage } from '../mail/mailer';

export interface PasswordResetMailDetails {
  email: string;
  /** The web app's origin; the link opens its /reset-password screen. */
  webOrigin: string;
  uid: string;
  token: string;
  expiresAt: Date;
  /** The resident's language (GET/PUT /api/v1/me/language/); English when not given. */
  language?: MailLanguage;
}

/**
 * `${webOrigin}/reset-password?uid=…&token=…`: the route and parameters of docs/contract.md §2;
 * for a Welsh-speaking resident also `lang=cy`, which opens the page in Welsh on a device that has
 * not chosen (public/language.js).
 */
function passwordResetLink(
  webOrigin: string,
  uid: string,
  token: string,
  language: MailLanguage,
): string {
  const link = new URL('/reset-password', webOrigin);
  link.searchParams.set('uid', uid);
  link.searchParams.set('token', token);
  if (language !== 'en') link.searchParams.set('lang', language);
  return link.toString();
}

/**
 * The e-mail that carries a password-reset link, in the resident's language, with its expiry in
 * UK time (docs/contract.md §9).
 */
export function passwordResetMail(details: PasswordResetMailDetails): MailMessage {
  const i18n = mailI18n(details.language ?? 'en');
  const expiry = mailDateTime(i18n, details.expiresAt);
  return {
    to: details.email,
    subject: i18n._('Reset your Kerbside password'),
    text: [
      // No name: the address may belong to someone other than whoever typed it in (issue 34).
      i18n._('Hello,'),
      '',
      i18n._(
        'Someone asked to reset the password of your Kerbside account. To choose a new password, open this link:',
      ),
      '',
      passwordResetLink(details.webOrigin, details.uid, details.token, details.language ?? 'en'),
      '',
      i18n._('The link works once, until {expiry} (UK time).', { expiry }),
      '',
      i18n._(
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      ),
    ].join('\n'),
  };
}
