import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FailureThrottle } from '../auth/failure-throttle';
import { passwordHasher } from '../auth/password-hasher';
import { credentialSchemas } from '../auth/credential-schemas';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/constraint-violation';
import { inviteCodes, users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident } from '../http/authenticate-resident';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { refuseWhenThrottled } from '../http/refuse-when-throttled';
import { countLimitCountedPermits } from '../permits/permit-allowance';

export interface AuthRoutesOptions {
  db: Database;
  identity: Identity;
  /** Failed logins per client address. */
  loginThrottle: FailureThrottle;
  /** Registrations with an unknown or used-up invite code per client address. */
  registrationThrottle: FailureThrottle;
}

const { email, password } = credentialSchemas;
const name = z.string().trim().min(1).max(150);

const registrationSchema = z.object({
  email,
  first_name: name,
  last_name: name,
  password: credentialSchemas.newPassword,
  invite_code: z.string().trim().toUpperCase().min(1).max(64),
});

const loginSchema = z.object({ email, password });

const duplicateEmail = 'A user with that email already exists.';

/**
 * Mints the custom token the web app signs in with. The credentials were good (or the account
 * now exists), so a minting failure is a warning the web app shows (spec section 8), not an error.
 */
async function tokenResponse(
  identity: Identity,
  request: FastifyRequest,
  uid: string,
  warning: string,
): Promise<{ custom_token: string } | { warning: string }> {
  try {
    return { custom_token: await identity.createCustomToken(uid) };
  } catch (error) {
    request.log.error({ err: error }, 'Minting a custom token failed');
    return { warning };
  }
}

/** POST register/, login/, logout/ and GET profile/ under /api/v1/auth (spec sections 3, 7, 8). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { db, identity, loginThrottle, registrationThrottle } = options;

  app.post('/register/', async (request: FastifyRequest, reply: FastifyReply) => {
    refuseWhenThrottled(registrationThrottle, request.ip, 'Too many registration attempts.');
    const details = parseBody(registrationSchema, request.body);
    const passwordHash = await passwordHasher.hash(details.password);

    const userId = await db
      .transaction(async (tx) => {
        const errors: Record<string, string[]> = {};
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, details.email));
        if (existing) errors.email = [duplicateEmail];
        // Counting the use down in the same statement that checks it keeps two registrations
        // from taking the last use together.
        const [invite] = await tx
          .update(inviteCodes)
          .set({ usesRemaining: sql`${inviteCodes.usesRemaining} - 1` })
          .where(
            and(
              eq(inviteCodes.code, details.invite_code),
              or(isNull(inviteCodes.usesRemaining), gt(inviteCodes.usesRemaining, 0)),
            ),
          )
          .returning({ id: inviteCodes.id, permitLimit: inviteCodes.permitLimit });
        if (!invite) {
          const [usedUp] = await tx
            .select({ id: inviteCodes.id })
            .from(inviteCodes)
            .where(eq(inviteCodes.code, details.invite_code));
          errors.invite_code = [
            usedUp ? 'This invite code has already been used.' : 'Invalid invite code.',
          ];
          registrationThrottle.recordFailure(request.ip);
        }
        if (!invite || Object.keys(errors).length > 0) throw new HttpError(400, errors);
        const [created] = await tx
          .insert(users)
          .values({
            email: details.email,
            firstName: details.first_name,
            lastName: details.last_name,
            passwordHash,
            permitLimit: invite.permitLimit,
            inviteCodeId: invite.id,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('Inserting the resident returned no row.');
        return created.id;
      })
      .catch((error: unknown) => {
        // Two registrations with one e-mail at once: the unique constraint decides.
        if (isUniqueViolation(error)) throw new HttpError(400, { email: [duplicateEmail] });
        throw error;
      });

    const body = await tokenResponse(
      identity,
      request,
      userId,
      'Your account was created, but signing you in failed.',
    );
    return reply.code(201).send(body);
  });

  app.post('/login/', async (request: FastifyRequest) => {
    refuseWhenThrottled(loginThrottle, request.ip, 'Too many failed login attempts.');
    const credentials = parseBody(loginSchema, request.body);
    const [resident] = await db.select().from(users).where(eq(users.email, credentials.email));
    const passwordMatches = resident
      ? await passwordHasher.verify(credentials.password, resident.passwordHash)
      : await passwordHasher.reject(credentials.password);
    if (!resident || !passwordMatches) {
      loginThrottle.recordFailure(request.ip);
      throw new HttpError(401, { detail: 'Invalid email or password.' });
    }
    if (!resident.isActive) {
      throw new HttpError(403, {
        detail: 'This account has been disabled. Please contact support.',
      });
    }
    await db
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, resident.id));
    if (passwordHasher.needsRehash(resident.passwordHash)) {
      // Only over the hash just checked, so a password changed meanwhile is not overwritten.
      await db
        .update(users)
        .set({ passwordHash: await passwordHasher.hash(credentials.password) })
        .where(and(eq(users.id, resident.id), eq(users.passwordHash, resident.passwordHash)));
    }
    return tokenResponse(identity, request, resident.id, 'Signing you in failed.');
  });

  // The API keeps no session: the web app signs out of the identity provider itself. The route
  // exists so the client's logout call always succeeds, with or without a token.
  app.post('/logout/', async () => ({ detail: 'Successfully logged out.' }));

  app.get('/profile/', async (request: FastifyRequest) => {
    const resident = await authenticateResident(request, { db, identity });
    return {
      first_name: resident.firstName,
      last_name: resident.lastName,
      email: resident.email,
      active_registrations: await countLimitCountedPermits(db, resident.id),
      permit_limit: resident.permitLimit,
    };
  });
};
