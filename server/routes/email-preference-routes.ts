import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  emailPreferenceKinds,
  emailPreferencesSchema,
  type EmailPreferenceKind,
} from '../../contract/email-preferences';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { addResidentSettingRoutes } from '../http/add-resident-setting-routes';
import type { Resident } from '../http/authenticate-resident';
import { addMailLinkRoute } from '../http/add-mail-link-route';
import { residentLanguage } from '../mail/mail-i18n';
import { acceptMailLinkForms } from '../http/mail-link-page';
import { isSwitchOffToken, switchOffPath } from '../mail/mail-links';

export interface EmailPreferenceRoutesOptions {
  db: Database;
  identity: Identity;
  throttles: Pick<CredentialThrottles, 'emailPreferencesAccount' | 'mailLinkAddress'>;
}

const columnOf = {
  confirmations: 'emailConfirmations',
  reminders: 'emailReminders',
} as const satisfies Record<EmailPreferenceKind, keyof Resident>;

/** What a switch-off link's pages say of each kind, English ids of the mail catalogue. */
const switchOffTexts: Readonly<
  Record<EmailPreferenceKind, { question: string; button: string; done: string }>
> = {
  confirmations: {
    question: /*i18n*/ 'Stop permit confirmations?',
    button: /*i18n*/ 'Stop permit confirmations',
    done: /*i18n*/ 'You will get no more permit confirmations',
  },
  reminders: {
    question: /*i18n*/ 'Stop reminders before a permit ends?',
    button: /*i18n*/ 'Stop reminders before a permit ends',
    done: /*i18n*/ 'You will get no more reminders before a permit ends',
  },
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET/PUT /api/v1/me/email-preferences/ (the resident's own switches) and the unauthenticated
 * /api/v1/email-preferences/switch-off/ that every permit e-mail links to (docs/contract.md,
 * "E-mail preferences"). The switch-off link only ever switches its one kind off: GET shows a
 * page with one button (so that a mail scanner following links switches nothing), POST does it,
 * and is also the RFC 8058 one-click target of the List-Unsubscribe-Post header.
 */
export const emailPreferenceRoutes: FastifyPluginAsync<EmailPreferenceRoutesOptions> = async (
  app,
  options,
) => {
  const { db, identity, throttles } = options;

  acceptMailLinkForms(app);

  addResidentSettingRoutes(app, {
    db,
    identity,
    path: '/me/email-preferences/',
    throttle: throttles.emailPreferencesAccount,
    tooMany: 'Too many changes to e-mail preferences.',
    schema: emailPreferencesSchema,
    read: (resident) => ({
      confirmations: resident.emailConfirmations,
      reminders: resident.emailReminders,
    }),
    write: (wanted) => ({
      emailConfirmations: wanted.confirmations,
      emailReminders: wanted.reminders,
    }),
  });

  /** The resident and kind a switch-off link names, or null when it is not a genuine link. */
  const linkOwner = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const { user, kind, token } = query;
    if (typeof user !== 'string' || !uuidPattern.test(user)) return null;
    if (typeof token !== 'string' || token.length > 128) return null;
    const chosen = emailPreferenceKinds.find((known) => known === kind);
    if (!chosen) return null;
    const [owner] = await db
      .select({ id: users.id, mailLinkKey: users.mailLinkKey, language: users.language })
      .from(users)
      .where(eq(users.id, user));
    return owner && isSwitchOffToken(owner, chosen, token) ? { owner, kind: chosen, token } : null;
  };

  addMailLinkRoute(app, {
    db,
    throttle: throttles.mailLinkAddress,
    path: switchOffPath,
    check: linkOwner,
    languageOf: (link) => residentLanguage(link.owner),
    ask: (link, i18n) => ({
      title: i18n._(switchOffTexts[link.kind].question),
      button: i18n._(switchOffTexts[link.kind].button),
      query: { user: link.owner.id, kind: link.kind, token: link.token },
    }),
    act: async (link, i18n) => {
      await db
        .update(users)
        .set({ [columnOf[link.kind]]: false })
        .where(eq(users.id, link.owner.id));
      return {
        title: i18n._(switchOffTexts[link.kind].done),
        body: `<p>${i18n._('You can switch them on again in Kerbside, under Settings.')}</p>`,
      };
    },
  });
};
