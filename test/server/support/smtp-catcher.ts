import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's sender (MAIL FROM). */
  from: string;
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  /** The Subject header, decoded. */
  subject: string;
  /** The text part, its transfer and character encodings undone. */
  text: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mails: CaughtMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server (nodemailer's smtp-server: no TLS, no authentication) on a free port of
 * 127.0.0.1 that keeps each message it accepts, parsed by mailparser, so a test can read what the
 * API sent over SMTP as a mail client would.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope;
          mails.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            recipients: envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('No TCP address.');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
