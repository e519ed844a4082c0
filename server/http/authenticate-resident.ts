import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { HttpError } from './http-error';

export type Resident = typeof users.$inferSelect;

const bearerChallenge = { 'www-authenticate': 'Bearer' };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The resident-by-id read every authenticated request makes. */
const residentById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('kerbside_resident_by_id'),
);

/** The resident with this id, read afresh (scripts/bench/benchmark-council.ts records it too). */
export async function readResident(db: Database, id: string): Promise<Resident | undefined> {
  const [resident] = await residentById(db).execute({ id });
  return resident;
}

function unauthorized(detail: string): HttpError {
  return new HttpError(401, { detail }, bearerChallenge);
}

// firebase-admin reports an unreachable provider as app/* or auth/internal-error; everything
// else (expired, revoked, malformed, unknown user) is the token's fault.
function providerUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || code.startsWith('app/') || code === 'auth/internal-error';
}

/**
 * The resident behind the request's `Authorization: Bearer <ID token>`: 401 without a valid
 * token, for an unknown uid or a session ended by a password change or reset, 403 when the account is disabled (the web app then ends the
 * session as invalid).
 */
export async function authenticateResident(
  request: FastifyRequest,
  deps: { db: Database; identity: Identity },
): Promise<Resident> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Authentication credentials were not provided.');
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid token header. Expected "Bearer <token>".');
  let uid: string;
  let sessionGeneration: number;
  try {
    ({ uid, sessionGeneration } = await deps.identity.verifyIdToken(match[1]));
  } catch (error) {
    if (providerUnavailable(error)) {
      request.log.error({ err: error }, 'ID token verification failed');
      throw new HttpError(503, {
        detail: 'The sign-in service is unavailable. Please try again later.',
      });
    }
    throw unauthorized('Invalid or expired token.');
  }
  const resident = uuidPattern.test(uid) ? await readResident(deps.db, uid) : undefined;
  if (!resident) throw unauthorized('No account matches this token.');
  // A password change or reset raised the generation: sessions begun before it are over, however
  // fresh their ID token.
  if (sessionGeneration < resident.sessionGeneration)
    throw unauthorized('Invalid or expired token.');
  if (!resident.isActive) throw new HttpError(403, { detail: 'User account is disabled.' });
  return resident;
}
