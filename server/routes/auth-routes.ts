import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { CredentialThrottles } from '../auth/attempt-throttle';
import { passwordHasher } from '../auth/password-hasher';
import {
  loginCredentialsSchema,
  registrationDetailsSchema,
  type Profile,
  type RegistrationDetails,
} from '../../contract/auth';
import { customTokenResponse } from '../auth/custom-token-response';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/constraint-violation';
import { inviteCodes, users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident } from '../http/authenticate-resident';
import { preferredLanguage } from '../http/accept-language';
import { HttpError } from '../http/http-error';
import { parseBody } from '../http/parse-body';
import { refuseWhenAddressOrAccountThrottled } from '../http/refuse-when-address-or-account-throttled';
import { refuseWhenThrottled } from '../http/refuse-when-throttled';
import { throttleAddress } from '../http/throttle-address';
import { countLimitCountedPermits } from '../permits/permit-allowance';
import { hostTexts } from '../../contract/host-texts';

export interface AuthRoutesOptions {
  db: Database;
  identity: Identity;
  throttles: Pick<
    CredentialThrottles,
    'loginAddress' | 'loginAccount' | 'registrationAddress' | 'accountsCreatedAddress'
  >;
  /** Called once a resident has registered, after the answer is decided (the confirmation mail). */
  onRegistered?: (userId: string) => Promise<void>;
}

const { duplicateEmail, tooManyLogins, tooManyRegistrations } = hostTexts;

/** The invite code's problem, if any, as the registration form shows it. */
async function inviteCodeProblem(db: Database, code: string): Promise<string | undefined> {
  const [invite] = await db
    .select({ usesRemaining: inviteCodes.usesRemaining })
    .from(inviteCodes)
    .where(eq(inviteCodes.code, code));
  if (!invite) return hostTexts.invalidInviteCode;
  if (invite.usesRemaining !== null && invite.usesRemaining <= 0) {
    return hostTexts.usedInviteCode;
  }
  return undefined;
}

/** POST register/, login/, logout/ and GET profile/ under /api/v1/auth (docs/contract.md §3, §7, §8). */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { db, identity, throttles } = options;
  const loginThrottles = { address: throttles.loginAddress, account: throttles.loginAccount };

  app.post('/register/', async (request: FastifyRequest, reply: FastifyReply) => {
    // The cheap checks (shape, throttle, invite code, e-mail) come before the password hash.
    const details = parseBody(registrationDetailsSchema, request.body);
    const address = throttleAddress(request.ip);
    await refuseWhenThrottled(db, throttles.registrationAddress, address, tooManyRegistrations);
    // Counted before the account is made, so that parallel registrations cannot all pass the
    // check; given back when none was made.
    await refuseWhenThrottled(db, throttles.accountsCreatedAddress, address, tooManyRegistrations);
    const userId = await createAccount(request, details).catch(async (error: unknown) => {
      await throttles.accountsCreatedAddress.giveBack(db, address);
      throw error;
    });

    // A household behind one address may register several residents.
    await throttles.registrationAddress.giveBack(db, address);
    await options.onRegistered?.(userId);
    const body = await customTokenResponse(
      identity,
      request,
      { id: userId, sessionGeneration: 0 },
      hostTexts.createdButSignInFailed,
    );
    return reply.code(201).send(body);
  });

  /** Checks the invite code and the e-mail, then makes the account; answers its id. */
  async function createAccount(
    request: FastifyRequest,
    details: RegistrationDetails,
  ): Promise<string> {
    const [inviteProblem, [existing]] = await Promise.all([
      inviteCodeProblem(db, details.invite_code),
      db.select({ id: users.id }).from(users).where(eq(users.email, details.email)),
    ]);
    // Every refused registration stays counted, a registered e-mail as much as a bad invite code:
    // the throttle stands between guessers and the codes, and between whoever probes for
    // residents' e-mails and the answer "already exists". Only a created account is given back.
    // Without a good invite code nothing is said of the e-mail: only someone the council invited
    // may learn whether an address is registered.
    if (inviteProblem) throw new HttpError(400, { invite_code: [inviteProblem] });
    if (existing) throw new HttpError(400, { email: [duplicateEmail] });
    const passwordHash = await passwordHasher.hash(details.password);

    return db
      .transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, details.email));
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
        // Another registration took the last use, or the e-mail, since the checks above; as
        // there, the e-mail is named only with a good invite code.
        if (!invite) throw new HttpError(400, { invite_code: [hostTexts.usedInviteCode] });
        if (existing) throw new HttpError(400, { email: [duplicateEmail] });
        const [created] = await tx
          .insert(users)
          .values({
            email: details.email,
            firstName: details.first_name,
            lastName: details.last_name,
            passwordHash,
            permitLimit: invite.permitLimit,
            inviteCodeId: invite.id,
            // Its mails (the address's confirmation first) in the language it registered in.
            language: preferredLanguage(request.headers['accept-language']),
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
  }

  app.post('/login/', async (request: FastifyRequest) => {
    const credentials = parseBody(loginCredentialsSchema, request.body);
    // Counted before the hash, so a burst cannot outrun the count; given back when the password
    // was right, so both count failures.
    const keys = { address: throttleAddress(request.ip), account: credentials.email };
    await refuseWhenAddressOrAccountThrottled(db, loginThrottles, keys, tooManyLogins);
    const [resident] = await db.select().from(users).where(eq(users.email, credentials.email));
    const passwordMatches = resident
      ? await passwordHasher.verify(credentials.password, resident.passwordHash)
      : await passwordHasher.reject(credentials.password);
    if (!resident || !passwordMatches) {
      throw new HttpError(401, { detail: hostTexts.invalidCredentials });
    }
    await Promise.all([
      throttles.loginAddress.giveBack(db, keys.address),
      throttles.loginAccount.giveBack(db, credentials.email),
    ]);
    if (!resident.isActive) {
      throw new HttpError(403, {
        detail: hostTexts.accountDisabled,
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
    return customTokenResponse(identity, request, resident, hostTexts.signInFailed);
  });

  // The API keeps no session: the web app signs out of the identity provider itself. The route
  // exists so the client's logout call always succeeds, with or without a token.
  app.post('/logout/', async () => ({ detail: 'Successfully logged out.' }));

  app.get('/profile/', async (request: FastifyRequest): Promise<Profile> => {
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
