import type { MailLanguage } from '../../contract/languages';
import { mailI18n } from './mail-i18n';
import type { MailMessage } from './mailer';

/**
 * The mail that asks a resident to confirm their address, in their language. It carries nothing
 * the account holder typed, not even a name: whoever registered may not own the address it goes
 * to.
 */
export function emailVerificationMail(
  to: string,
  link: string,
  language: MailLanguage = 'en',
): MailMessage {
  const i18n = mailI18n(language);
  return {
    to,
    subject: i18n._('Confirm your e-mail address for Kerbside'),
    text: [
      i18n._('Hello,'),
      '',
      i18n._(
        'A Kerbside visitor parking account was created with this e-mail address. To confirm that the address is yours, open this link and press "Confirm my e-mail address":',
      ),
      '',
      link,
      '',
      i18n._(
        'The link works for 7 days. Until the address is confirmed, Kerbside sends it no permit e-mails.',
      ),
      '',
      i18n._('If you did not create this account, you can ignore this e-mail.'),
    ].join('\n'),
  };
}
