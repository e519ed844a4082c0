import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { siteSettings, users } from '../db/schema';
import type { SiteSettings } from '../../contract/site-settings';
import {
  permitCapColumns,
  siteSettingsColumns,
  type PermitCap,
} from '../site-settings/site-settings-store';
import type { Identity } from '../identity/firebase-identity';
import { HttpError } from './http-error';
import { hostTexts } from '../../contract/host-texts';

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

/** The session a valid ID token stands for: the uid and the session generation it was issued in. */
async function verifiedSession(
  request: FastifyRequest,
  identity: Identity,
): Promise<{ uid: string; sessionGeneration: number }> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Authentication credentials were not provided.');
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid token header. Expected "Bearer <token>".');
  try {
    return await identity.verifyIdToken(match[1]);
  } catch (error) {
    if (providerUnavailable(error)) {
      request.log.error({ err: error }, 'ID token verification failed');
      throw new HttpError(503, {
        detail: hostTexts.signInServiceUnavailable,
      });
    }
    throw unauthorized('Invalid or expired token.');
  }
}

/** The resident the session stands for, if the account still admits it. */
function admittedResident(resident: Resident | undefined, sessionGeneration: number): Resident {
  if (!resident) throw unauthorized('No account matches this token.');
  // A password change or reset raised the generation: sessions begun before it are over, however
  // fresh their ID token.
  if (sessionGeneration < resident.sessionGeneration)
    throw unauthorized('Invalid or expired token.');
  if (!resident.isActive) throw new HttpError(403, { detail: hostTexts.userAccountDisabled });
  return resident;
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
  const { uid, sessionGeneration } = await verifiedSession(request, deps.identity);
  const resident = uuidPattern.test(uid) ? await readResident(deps.db, uid) : undefined;
  return admittedResident(resident, sessionGeneration);
}

/** The resident, the site's settings and its activation cap, in one read (prepared). */
const residentAndSiteById = preparedPerDatabase((db) =>
  db
    .select({ resident: users, settings: siteSettingsColumns, cap: permitCapColumns })
    .from(users)
    .leftJoin(siteSettings, eq(siteSettings.id, 1))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('kerbside_resident_and_site_by_id'),
);

/** What the requests that apply the site's rules read first. */
export interface ResidentOnSite {
  resident: Resident;
  settings: SiteSettings;
  cap: PermitCap;
}

/**
 * The resident with this id, read afresh with the site's settings and cap, or undefined for no
 * such resident (scripts/bench/benchmark-council.ts records it too).
 */
export async function readResidentWithSite(
  db: Database,
  id: string,
): Promise<ResidentOnSite | undefined> {
  const [row] = await residentAndSiteById(db).execute({ id });
  if (!row) return undefined;
  if (!row.settings || !row.cap) {
    throw new Error('The site_settings row is missing: the migrations did not run.');
  }
  return { resident: row.resident, settings: row.settings, cap: row.cap };
}

/**
 * authenticateResident for the requests that apply the site's rules (a permit's create,
 * activation and update, the cap's information): the resident read together with the site's
 * settings and cap, one round trip rather than two or three.
 */
export async function authenticateResidentWithSite(
  request: FastifyRequest,
  deps: { db: Database; identity: Identity },
): Promise<ResidentOnSite> {
  const { uid, sessionGeneration } = await verifiedSession(request, deps.identity);
  const onSite = uuidPattern.test(uid) ? await readResidentWithSite(deps.db, uid) : undefined;
  admittedResident(onSite?.resident, sessionGeneration);
  // admittedResident refuses a session with no resident: onSite is there.
  return onSite as ResidentOnSite;
}
