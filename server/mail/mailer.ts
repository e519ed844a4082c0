import { randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { HostLogger } from '../logging/create-host-logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML, when it has one (permit mails: server/mail/permit-mail-content.ts). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** What the API needs to send e-mail. */
export interface Mailer {
  /** Resolves once the SMTP server accepted the message, or once it is written to the outbox. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (nodemailer's syntax); without it messages go to outboxDir. */
  smtpUrl?: string;
  /** Where messages are written, one JSON file each, when there is no SMTP server. */
  outboxDir: string;
  /** The From header, e.g. `Kerbside <no-reply@kerbside.test>`. */
  from: string;
  /** The process's logger: where the outbox announces each message. */
  log: Pick<HostLogger, 'info'>;
  /**
   * Whether the announcement names the recipient and the links in the message (a password-reset
   * link signs anyone in): only in emulator mode (server/start-api.ts), where no real resident's
   * mail passes through. The text itself is never logged.
   */
  revealLinks?: boolean;
}

/**
 * The mailer with its refusals stripped of their words. A mail server's refusal quotes its reply
 * ("550 <sam@example.com>: no such user"), and nodemailer's error lists the refused recipients:
 * both name a resident's or a visitor's address, and what fails is logged
 * (server/mail/send-after-answer.ts) or kept as a permit mail's `last_error`
 * (server/mail/send-claimed-permit-mail.ts). What goes on is the codes alone.
 */
export function withQuietRefusals(mailer: Mailer): Mailer {
  return {
    send: async (message) => {
      try {
        await mailer.send(message);
      } catch (error) {
        throw mailRefusal(error);
      }
    },
    close: () => mailer.close(),
  };
}

function mailRefusal(error: unknown): Error {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const codes = [code, responseCode]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .join(', ');
  return new Error(`The mail server refused the message (${codes || 'no code'}).`);
}

/**
 * `<ISO time with - for : and .>-<uuid>.json`, so that names sort in the order messages were
 * written.
 */
function outboxFileName(): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`;
}

/**
 * Mail through nodemailer: to an SMTP server when smtpUrl is set, otherwise into an outbox
 * directory (nodemailer's JSON transport, one file per message) and logged, so that a developer
 * or a browser test can follow a password-reset link without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = createTransport({ jsonTransport: true });
  return {
    send: async (message) => {
      const info = (await transport.sendMail({
        from: options.from,
        date: new Date(),
        ...message,
      })) as {
        message: string;
      };
      // A reset link in the outbox signs anyone in: the files are the host's alone to read
      // (test/server/mail-outbox.test.ts). chmod too, for a directory made before this rule.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      await chmod(options.outboxDir, 0o700);
      const file = path.join(options.outboxDir, outboxFileName());
      // Written aside and renamed, so whoever watches the outbox never reads half a message.
      await writeFile(`${file}.partial`, info.message, { encoding: 'utf8', mode: 0o600 });
      await rename(`${file}.partial`, file);
      const revealed = options.revealLinks
        ? { to: message.to, links: message.text.match(/https?:\/\/\S+/g) ?? [] }
        : {};
      options.log.info({ subject: message.subject, file, ...revealed }, 'Mail saved to the outbox');
    },
    close: () => transport.close(),
  };
}
