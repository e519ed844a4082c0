import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { EmailVerification } from '../../contract/email-verification';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident } from '../http/authenticate-resident';
import { HttpError } from '../http/http-error';
import { addMailLinkRoute } from '../http/add-mail-link-route';
import { residentLanguage } from '../mail/mail-i18n';
import { acceptMailLinkForms } from '../http/mail-link-page';
import { emailVerificationPath, isEmailVerificationToken } from '../mail/email-verification-link';
import {
  sendEmailVerification,
  type EmailVerificationSender,
} from '../mail/send-email-verification';

export interface EmailVerificationRoutesOptions {
  db: Database;
  identity: Identity;
  sender: EmailVerificationSender;
  throttles: Pick<CredentialThrottles, 'mailLinkAddress'>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const tooManyMailsMessage =
  'Too many e-mails have been sent to your address in the last hour. Please try again later.';

/**
 * The confirmation of a resident's e-mail address, an optional capability of the reference host:
 * GET/POST /api/v1/me/email-verification/ (whether it is confirmed; mail the link again) and the
 * unauthenticated /api/v1/email-verification/confirm/ that the mailed link opens, signed with the
 * resident's own key for their current address. GET shows a page with one button (a mail scanner
 * following links confirms nothing); POST confirms.
 */
export const emailVerificationRoutes: FastifyPluginAsync<EmailVerificationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, identity, sender, throttles } = options;

  acceptMailLinkForms(app);

  app.get('/me/email-verification/', async (request): Promise<EmailVerification> => {
    const resident = await authenticateResident(request, { db, identity });
    return { verified: resident.emailVerifiedAt !== null };
  });

  app.post('/me/email-verification/', async (request, reply) => {
    const resident = await authenticateResident(request, { db, identity });
    const outcome = await sendEmailVerification(sender, resident.id);
    if (outcome === 'limited') throw new HttpError(429, { detail: tooManyMailsMessage });
    const body: EmailVerification = { verified: outcome === 'verified' };
    return reply.code(outcome === 'sent' ? 202 : 200).send(body);
  });

  /** The resident a confirmation link names, or null when it is not a genuine, current link. */
  const linkOwner = async (request: FastifyRequest) => {
    const { user, expires, token } = request.query as Record<string, unknown>;
    if (typeof user !== 'string' || !uuidPattern.test(user)) return null;
    if (typeof token !== 'string' || token.length > 128) return null;
    if (typeof expires !== 'string' || !/^\d{1,16}$/.test(expires)) return null;
    const [owner] = await db
      .select({
        id: users.id,
        email: users.email,
        mailLinkKey: users.mailLinkKey,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, user));
    return owner && isEmailVerificationToken(owner, Number(expires), token)
      ? { owner, expires, token }
      : null;
  };

  addMailLinkRoute(app, {
    db,
    throttle: throttles.mailLinkAddress,
    path: emailVerificationPath,
    check: linkOwner,
    languageOf: (link) => residentLanguage(link.owner),
    ask: (link, i18n) => ({
      title: i18n._('Confirm your e-mail address'),
      button: i18n._('Confirm my e-mail address'),
      query: { user: link.owner.id, expires: link.expires, token: link.token },
    }),
    act: async (link, i18n) => {
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(and(eq(users.id, link.owner.id), isNull(users.emailVerifiedAt)));
      return {
        title: i18n._('Your e-mail address is confirmed'),
        body: `<p>${i18n._('Kerbside will now send your permit e-mails to it.')}</p>`,
      };
    },
  });
};
