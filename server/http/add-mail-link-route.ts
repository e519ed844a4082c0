import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailLanguage } from '../../contract/languages';
import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { htmlLanguage, mailI18n } from '../mail/mail-i18n';
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
  const genuineLink = async (request: FastifyRequest): Promise<Link> => {
    const link = await route.check(request);
    return link ?? refuseMailLink(route.db, route.throttle, request);
  };

  app.get(relativePath, async (request, reply) => {
    const link = await genuineLink(request);
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
    const link = await genuineLink(request);
    const i18n = mailI18n(route.languageOf(link));
    const page = await route.act(link, i18n);
    return sendMailLinkPage(reply, 200, { ...page, lang: htmlLanguage(i18n) });
  });
}
