import { randomBytes, scryptSync } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { testDatabaseAndApi } from './support/database-and-api';
import {
  call,
  createInvite,
  registration,
  strongPassword,
  uniqueEmail,
} from '../../scripts/stack/test-api';

// The real Argon2 verification, watched: which hash each sign-in checks the password against.
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});

jest.setTimeout(60_000);

// This suite proves the production cost; every other one hashes at the test cost that
// server/auth/password-hasher.ts chooses under Jest's NODE_ENV=test.
const jestNodeEnv = process.env.NODE_ENV;
beforeAll(() => {
  process.env.NODE_ENV = 'production';
});
afterAll(() => {
  process.env.NODE_ENV = jestNodeEnv;
});

/** OWASP Password Storage Cheat Sheet: Argon2id, 19 MiB, two passes, one lane. */
const owaspArgon2id = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[^$]+\$[^$]+$/;

const host = testDatabaseAndApi();

async function registeredResident(): Promise<{ email: string }> {
  const details = registration(await createInvite(host.db, { uses: 1 }));
  const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: details });
  expect(response.status).toBe(201);
  return { email: details.email };
}

async function storedHash(email: string): Promise<string> {
  const [row] = await host.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`No resident ${email}.`);
  return row.passwordHash;
}

function signIn(email: string, password: string) {
  return call(`${host.api.url}/api/v1/auth/login/`, 'POST', { body: { email, password } });
}

/** A hash as the host wrote them before Argon2id: scrypt, N = 2^14, r = 8, p = 1. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The PHC parameters of a hash, e.g. `$argon2id$v=19$m=19456,t=2,p=1`. */
function workParameters(phcHash: string): string {
  return phcHash.split('$').slice(0, 4).join('$');
}

it('stores a new password as Argon2id with the OWASP parameters', async () => {
  const { email } = await registeredResident();

  expect(await storedHash(email)).toMatch(owaspArgon2id);
});

describe('a resident whose password was hashed with the old scrypt parameters', () => {
  it('signs in, and the hash is upgraded to Argon2id at that sign-in', async () => {
    const { email } = await registeredResident();
    const legacy = legacyScryptHash(strongPassword);
    await host.db.update(users).set({ passwordHash: legacy }).where(eq(users.email, email));

    const first = await signIn(email, strongPassword);

    expect(first.status).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(owaspArgon2id);
    expect((await signIn(email, strongPassword)).status).toBe(200);
    expect(await storedHash(email)).toBe(upgraded);
  });

  it('keeps the old hash after a wrong password', async () => {
    const { email } = await registeredResident();
    const legacy = legacyScryptHash(strongPassword);
    await host.db.update(users).set({ passwordHash: legacy }).where(eq(users.email, email));

    const response = await signIn(email, 'Wrong2024password');

    expect(response.status).toBe(401);
    expect(await storedHash(email)).toBe(legacy);
  });
});

describe('the decoy hash checked for an unknown e-mail', () => {
  it('costs the same work as a resident’s real hash', async () => {
    const { email } = await registeredResident();
    const verify = jest.mocked(argon2Verify);
    verify.mockClear();

    expect((await signIn(email, 'Wrong2024password')).status).toBe(401);
    expect((await signIn(uniqueEmail('nobody'), 'Wrong2024password')).status).toBe(401);

    expect(verify).toHaveBeenCalledTimes(2);
    const [real, decoy] = verify.mock.calls.map(([checked]) => String(checked));
    expect(real).toBe(await storedHash(email));
    expect(decoy).toMatch(owaspArgon2id);
    expect(workParameters(decoy ?? '')).toBe(workParameters(real ?? ''));
    expect(decoy).not.toBe(real);
  });
});
