import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { passwordHasher } from '../../server/auth/password-hasher';
import { call } from '../stack/test-api';
import { apiPaths } from '../../src/api/api-paths';
import type { SiteSettings } from '../../contract/site-settings';
import { scheduledCreatePayload } from './app-requests';
import { signInResidents } from './sign-in-residents';

export interface CrossHostLimits {
  permitLimit: number;
  createsSent: number;
  /** Creates answered 201 or 202. */
  createsAccepted: number;
  /** The resident's permits in the database afterwards. */
  permitsHeld: number;
  /** The per-account sign-in limit (server/auth/attempt-throttle.ts) the check expects. */
  accountLimit: number;
  signInsSent: number;
  /** Wrong-password sign-ins whose password was checked (answered other than 429). */
  signInsChecked: number;
  /** Sign-ins refused with 429 before the password was looked at. */
  signInsRefused: number;
}

const permitLimit = 5;
const parallelCreates = 20;
// loginAccount's limit in server/auth/attempt-throttle.ts's defaultCredentialThrottles.
const accountLimit = 10;
const addresses = 4;
const attemptsPerAddress = 4;

async function newResident(pool: Pool, passwordHash: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO "users" ("email", "first_name", "last_name", "password_hash", "permit_limit")
     VALUES ($1, 'Limit', 'Check', $2, $3) RETURNING "id"`,
    [`council-limits-${randomUUID()}@kerbside.test`, passwordHash, permitLimit],
  );
  return (rows[0] as { id: string }).id;
}

/**
 * Issue 37's "limits across hosts": twenty creates at once, split between the hosts, for a
 * resident whose limit is five; then wrong-password sign-ins for one account, round-robin over
 * four client addresses (under the per-address limit) and alternating hosts, one after another:
 * the account's limit must count them all, whichever host answered.
 */
export async function checkLimitsAcrossHosts(options: {
  pool: Pool;
  urls: string[];
  settings: SiteSettings;
  now: Date;
}): Promise<CrossHostLimits> {
  const { pool, urls, settings, now } = options;
  const limited = await newResident(pool, 'bench-seed-no-login');
  const [signedIn] = await signInResidents([limited]);
  if (!signedIn) throw new Error('The limited resident could not sign in.');
  const answers = await Promise.all(
    Array.from({ length: parallelCreates }, (_, index) =>
      call(`${urls[index % urls.length]}${apiPaths.permits}`, 'POST', {
        headers: { authorization: `Bearer ${signedIn.idToken}` },
        body: scheduledCreatePayload(`LIM${String(index).padStart(3, '0')}`, settings, now, 4),
      }),
    ),
  );
  const { rows } = await pool.query<{ held: string }>(
    'SELECT count(*) AS "held" FROM "permits" WHERE "user_id" = $1',
    [limited],
  );

  const password = 'Kerbside-Right-2026';
  const account = await newResident(pool, await passwordHasher.hash(password));
  const { rows: emails } = await pool.query<{ email: string }>(
    'SELECT "email" FROM "users" WHERE "id" = $1',
    [account],
  );
  const email = (emails[0] as { email: string }).email;
  let checked = 0;
  let refused = 0;
  for (let attempt = 0; attempt < addresses * attemptsPerAddress; attempt += 1) {
    const answer = await call(`${urls[attempt % urls.length]}${apiPaths.login}`, 'POST', {
      headers: { 'x-forwarded-for': `10.37.0.${(attempt % addresses) + 1}` },
      body: { email, password: `${password}-wrong` },
    });
    if (answer.status === 429) refused += 1;
    else checked += 1;
  }
  return {
    permitLimit,
    createsSent: parallelCreates,
    createsAccepted: answers.filter((answer) => answer.status === 201 || answer.status === 202)
      .length,
    permitsHeld: Number(rows[0]?.held ?? NaN),
    accountLimit,
    signInsSent: addresses * attemptsPerAddress,
    signInsChecked: checked,
    signInsRefused: refused,
  };
}
