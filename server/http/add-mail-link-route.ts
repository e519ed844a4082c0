import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MailLanguage } from '../../contract/languages';
import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { htmlLanguage, mailI18n } from '../mail/mail-i18n';
import { HttpError } from './http-error';
import { refuseMailLink, sendMailLinkPage } from './mail-link-page';

/** A page of a mailed link: its heading and the HTML under it. */
export interface MailLinkPage {
  title: string;
  body: string;
}

/** One kind of mailed link: how a request's link is checked, what GET asks and what POST does. */
export interface MailLinkRoute<Link> {
  db: Database;
  /** Counts links that are not genuine against the address they came from. */
  throttle: AttemptThrottle;
  /** The link's path as mailed, under /api/v1. */
  path: string;
  /** The link a request names, or null when it is not a genuine, current link. */
  check(request: FastifyRequest): Promise<Link | null>;
  /** The language of the resident the link is for: its pages are in it, as its mail was. */
  languageOf(link: Link): MailLanguage;
  /**
   * GET's page, worded by `i18n`: its heading, its one button's text, and the link's parts once
   * checked, in the link's order (never the request's query as received: nothing else of it
   * reaches the page).
   */
  ask(
    link: Link,
    i18n: I18n,
  ): { title: string; button: string; query: Readonly<Record<string, string>> };
  /** POST: does what the link is for, and answers the page that says so, worded by `i18n`. */
  act(link: Link, i18n: I18n): Promise<MailLinkPage>;
}

/**
 * Adds a mailed link's unauthenticated GET and POST: GET shows a page with one button, which
 * POSTs the link back (so that a mail scanner following links does nothing); POST acts. A link
 * that is not genuine is refused on both (refuseMailLink). The plugin must accept the button's
 * form bodies (acceptMailLinkForms, server/http/mail-link-page.ts).
 */
export function addMailLinkRoute<Link>(app: FastifyInstance, route: MailLinkRoute<Link>): void {
  const relativePath = route.path.replace('/api/v1', '');
  // A link that is not genuine is refused (404, or 429 for a guesser): as a page for a person
  // who opened it in a browser, in JSON for a program.
  const genuineLink = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Link | null> => {
    const link = await route.check(request);
    if (link) return link;
    try {
      return await refuseMailLink(route.db, route.throttle, request);
    } catch (error) {
      if (!(error instanceof HttpError) || !request.headers.accept?.includes('text/html')) {
        throw error;
      }
      reply.headers(error.headers);
      await sendMailLinkPage(reply, error.statusCode, unusableLinkPage());
      return null;
    }
  };

  app.get(relativePath, async (request, reply) => {
    const link = await genuineLink(request, reply);
    if (link === null) return reply;
    const i18n = mailI18n(route.languageOf(link));
    const page = route.ask(link, i18n);
    const query = new URLSearchParams(page.query).toString().replace(/&/g, '&amp;');
    return sendMailLinkPage(reply, 200, {
      title: page.title,
      body:
        `<form method="post" action="${route.path}?${query}">` +
        `<button type="submit">${page.button}</button></form>`,
      lang: htmlLanguage(i18n),
    });
  });

  app.post(relativePath, async (request, reply) => {
    const link = await genuineLink(request, reply);
    if (link === null) return reply;
    const i18n = mailI18n(route.languageOf(link));
    const page = await route.act(link, i18n);
    return sendMailLinkPage(reply, 200, { ...page, lang: htmlLanguage(i18n) });
  });
}

/**
 * The page of a link that does not work, in English and in Welsh: whose link it was is not known
 * (a link that is not genuine names nobody to trust), and expired, forged or guessed read alike.
 */
function unusableLinkPage(): Parameters<typeof sendMailLinkPage>[2] {
  const [english, welsh] = (['en', 'cy'] as const).map((language) => {
    const i18n = mailI18n(language);
    return {
      lang: htmlLanguage(i18n),
      title: i18n._('This link does not work'),
      text: i18n._(
        'It may have expired, or been used already. Open the service to ask for a new one.',
      ),
    };
  });
  if (!english || !welsh) throw new Error('Both languages are worded.');
  return {
    lang: english.lang,
    title: `${english.title} / ${welsh.title}`,
    heading: `${english.title} / <span lang="${welsh.lang}">${welsh.title}</span>`,
    body: `<p>${english.text}</p><p lang="${welsh.lang}">${welsh.text}</p>`,
  };
}
