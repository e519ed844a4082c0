import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  passwordChangeSchema,
  passwordResetConfirmationSchema,
  passwordResetRequestSchema,
} from '../../contract/auth';
import { customTokenResponse } from '../auth/custom-token-response';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import { passwordHasher } from '../auth/password-hasher';
import { passwordResetMail } from '../auth/password-reset-mail';
import { residentLanguage } from '../mail/mail-i18n';
import { namedLanguage } from '../http/accept-language';
import { resetTokens } from '../auth/reset-tokens';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident } from '../http/authenticate-resident';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { refuseWhenAddressOrAccountThrottled } from '../http/refuse-when-address-or-account-throttled';
import { refuseWhenThrottled } from '../http/refuse-when-throttled';
import { throttleAddress } from '../http/throttle-address';
import { takeAccountMail } from '../mail/account-mail-budget';
import type { Mailer } from '../mail/mailer';
import { sendAfterAnswer } from '../mail/send-after-answer';
import { hostTexts } from '../../contract/host-texts';

export interface PasswordRoutesOptions {
  db: Database;
  identity: Identity;
  mailer: Mailer;
  /** The web app's origin: reset links point at its /reset-password screen. */
  webOrigin: string;
  resetTokenLifetimeMs: number;
  throttles: Pick<
    CredentialThrottles,
    'passwordChangeAccount' | 'passwordResetAddress' | 'passwordResetAccount'
  >;
  /** The hourly mail limit per account (server/mail/account-mail-budget.ts). */
  mailsPerAccountPerHour?: number;
}

const passwordMessages = {
  changed: 'Password updated successfully.',
  wrongCurrentPassword: hostTexts.wrongCurrentPassword,
  resetRequested: 'If the email is registered, a reset link has been sent.',
  resetDone: 'Password has been reset with the new password.',
  invalidResetLink: hostTexts.invalidResetLink,
} as const;

// Ends every session begun before (server/http/authenticate-resident.ts).
const nextSessionGeneration = sql`${users.sessionGeneration} + 1`;

const { tooManyResetAttempts, tooManyPasswordAttempts } = hostTexts;

/** POST change-password/, password-reset/ and password-reset-confirm/ under /api/v1/auth. */
export const passwordRoutes: FastifyPluginAsync<PasswordRoutesOptions> = async (app, options) => {
  const { db, identity, mailer, throttles } = options;
  // A reset link asked for and a reset link used count against the same two throttles.
  const resetThrottles = {
    address: throttles.passwordResetAddress,
    account: throttles.passwordResetAccount,
  };

  // Mail is prepared and sent after the answer (below, password-reset/).
  const sendLater = sendAfterAnswer(app);
  const { mailsPerAccountPerHour } = options;

  app.post('/change-password/', async (request: FastifyRequest) => {
    const resident = await authenticateResident(request, { db, identity });
    const change = parseBody(passwordChangeSchema, request.body);
    await refuseWhenThrottled(
      db,
      throttles.passwordChangeAccount,
      resident.id,
      tooManyPasswordAttempts,
    );
    if (!(await passwordHasher.verify(change.current_password, resident.passwordHash))) {
      // 400, not 401: the session is fine, and a 401 would sign the web app out.
      throw new HttpError(400, { current_password: [passwordMessages.wrongCurrentPassword] });
    }
    await throttles.passwordChangeAccount.giveBack(db, resident.id);
    const passwordHash = await passwordHasher.hash(change.new_password);
    const changed = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, sessionGeneration: nextSessionGeneration })
        .where(eq(users.id, resident.id))
        .returning({ id: users.id, sessionGeneration: users.sessionGeneration });
      await resetTokens.revokeOutstanding(tx, resident.id);
      return updated;
    });
    if (!changed) throw new Error('Updating the resident returned no row.');
    // Every other session ended with the change; this device signs in again with a fresh token.
    const token = await customTokenResponse(
      identity,
      request,
      changed,
      'Your password was changed, but signing you in again failed.',
    );
    return { detail: passwordMessages.changed, ...token };
  });

  app.post('/password-reset/', async (request: FastifyRequest) => {
    const { email } = parseBody(passwordResetRequestSchema, request.body);
    // Every request counts, found or not, so the throttle tells nothing about the e-mail; as for
    // sign-in, asking on a resident's behalf cannot keep the resident from a reset link.
    const keys = { address: throttleAddress(request.ip), account: email };
    await refuseWhenAddressOrAccountThrottled(db, resetThrottles, keys, tooManyResetAttempts);
    const [resident] = await db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isActive, true)));
    // The mail limit, the token and the mail all come after the answer, which is the same either
    // way and so takes the same time for a registered and an unknown e-mail.
    if (resident) {
      sendLater(request.log, 'A password-reset mail failed', async () => {
        if (!(await takeAccountMail(db, resident.id, 'password-reset', mailsPerAccountPerHour))) {
          return;
        }
        const { token, expiresAt } = await resetTokens.issue(
          db,
          resident.id,
          options.resetTokenLifetimeMs,
        );
        await mailer.send(
          passwordResetMail({
            email,
            webOrigin: options.webOrigin,
            uid: resident.id,
            token,
            expiresAt,
            // The language of the page that asked (the reader may have chosen it signed out,
            // which the account does not hear of), else the account's.
            language:
              namedLanguage(request.headers['accept-language']) ?? residentLanguage(resident),
          }),
        );
      });
    }
    return { detail: passwordMessages.resetRequested };
  });

  app.post('/password-reset-confirm/', async (request: FastifyRequest) => {
    const details = parseBody(passwordResetConfirmationSchema, request.body);
    // As for the request: refused links for a resident shut out only the addresses that sent them.
    // The uid is an id, whose letters the database reads in either case: so the key is counted in
    // one case, or a guesser would have a fresh count for each way of writing it.
    const keys = { address: throttleAddress(request.ip), account: details.uid.toLowerCase() };
    await refuseWhenAddressOrAccountThrottled(db, resetThrottles, keys, tooManyResetAttempts);
    // A link that is no good is refused before the cost of hashing the new password.
    if (!(await resetTokens.isUsable(db, details.uid, details.token))) {
      throw new HttpError(400, { detail: passwordMessages.invalidResetLink });
    }
    const passwordHash = await passwordHasher.hash(details.password);
    const reset = await db.transaction(async (tx) => {
      const userId = await resetTokens.consume(tx, details.uid, details.token);
      if (userId) {
        await tx
          .update(users)
          .set({ passwordHash, sessionGeneration: nextSessionGeneration })
          .where(eq(users.id, userId));
      }
      return userId !== null;
    });
    if (!reset) throw new HttpError(400, { detail: passwordMessages.invalidResetLink });
    await throttles.passwordResetAddress.giveBack(db, keys.address);
    await throttles.passwordResetAccount.giveBack(db, keys.account);
    return { detail: passwordMessages.resetDone };
  });
};
