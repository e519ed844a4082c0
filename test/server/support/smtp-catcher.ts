import { createServer, type Socket } from 'node:net';

export interface CaughtMail {
  from: string;
  recipients: string[];
  /** The message as sent after DATA: headers and body, dot-stuffing undone. */
  data: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mails: CaughtMail[];
  close(): Promise<void>;
}

function serve(socket: Socket, mails: CaughtMail[]): void {
  let buffer = '';
  let mail: CaughtMail = { from: '', recipients: [], data: '' };
  let readingData = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 smtp-catcher ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (readingData) {
        if (line === '.') {
          readingData = false;
          mails.push(mail);
          mail = { from: '', recipients: [], data: '' };
          reply('250 OK: queued');
        } else {
          mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        }
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') reply('250 smtp-catcher');
      else if (command === 'MAIL') {
        mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 OK');
      } else if (command === 'RCPT') {
        mail.recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 OK');
      } else if (command === 'DATA') {
        readingData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('250 OK');
    }
  });
}

/**
 * The smallest SMTP server that accepts mail (no TLS, no authentication) on a free port of
 * 127.0.0.1 and keeps what it receives, so a test can check what the API sent over SMTP.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, mails);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No TCP address.');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
