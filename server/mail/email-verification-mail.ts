import type { MailMessage } from './mailer';

/**
 * The mail that asks a resident to confirm their address. It carries nothing the account holder
 * typed, not even a name: whoever registered may not own the address it goes to.
 */
export function emailVerificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Kerbside',
    text: [
      'Hello,',
      '',
      'A Kerbside visitor parking account was created with this e-mail address. To confirm that the address is yours, open this link and press "Confirm my e-mail address":',
      '',
      link,
      '',
      'The link works for 7 days. Until the address is confirmed, Kerbside sends it no permit e-mails.',
      '',
      'If you did not create this account, you can ignore this e-mail.',
    ].join('\n'),
  };
}
