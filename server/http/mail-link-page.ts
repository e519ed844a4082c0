import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { HttpError } from './http-error';
import { refuseWhenThrottled } from './refuse-when-throttled';
import { throttleAddress } from './throttle-address';
import { hostTexts } from '../../contract/host-texts';

/**
 * A mailed link's page (an e-mail switched off, an address confirmed): a plain HTML page with a
 * heading, in the resident's language (`lang`, as server/mail/mail-i18n.ts's htmlLanguage gives
 * it), for a resident who opened the link outside the app. The heading is the title, unless the
 * page gives its own markup (a heading in two languages marks the second's `lang`).
 */
export function sendMailLinkPage(
  reply: FastifyReply,
  status: number,
  page: { title: string; heading?: string; body: string; lang: string },
) {
  const { title, heading = title, body, lang } = page;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body><h1>${heading}</h1>${body}</body></html>`,
    );
}

/**
 * Lets a mailed link's page POST its one-button form (and mail providers POST RFC 8058's
 * "List-Unsubscribe=One-Click"): the form's content is never read.
 */
export function acceptMailLinkForms(app: FastifyInstance): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );
  }
}

/**
 * A mailed link that is not genuine is simply not found, and counted against the address it came
 * from (the throttle refuses a guesser with 429 once it is spent).
 */
export async function refuseMailLink(
  db: Database,
  throttle: AttemptThrottle,
  request: FastifyRequest,
): Promise<never> {
  await refuseWhenThrottled(
    db,
    throttle,
    throttleAddress(request.ip),
    'Too many invalid e-mail links.',
  );
  throw new HttpError(404, { detail: hostTexts.notFound });
}
