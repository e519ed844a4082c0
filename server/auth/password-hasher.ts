import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's Password Storage Cheat Sheet minimum: 19 MiB, two passes, one lane.
 * Stored in the PHC string format, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, so the
 * parameters travel with each hash and can be raised later.
 */
export const argon2idParameters = {
  // Algorithm.Argon2id: a const enum, which isolatedModules cannot read as a value.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Argon2id at a cost of about a millisecond, for test runs (Jest sets NODE_ENV=test): the suites
 * make thousands of residents, and the OWASP cost spent on each was minutes of a run. The
 * parameters travel with each hash, so a production host never verifies against these; and were
 * one ever started with NODE_ENV=test, `needsRehash` would upgrade every hash at the next sign-in
 * once it runs with NODE_ENV=production. test/server/password-hashing.test.ts proves the
 * production cost.
 */
const testArgon2idParameters = { ...argon2idParameters, memoryCost: 1_024, timeCost: 1 } as const;

function currentParameters() {
  return process.env.NODE_ENV === 'test' ? testArgon2idParameters : argon2idParameters;
}

function phcPrefix({ memoryCost, timeCost, parallelism }: ReturnType<typeof currentParameters>) {
  return `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`;
}

/** Hashes written before Argon2id: `scrypt$N$r$p$salt$key`, checked until the next sign-in. */
function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, N, r, p, salt, key] = stored.split('$');
  if (!salt || !key) return Promise.resolve(false);
  const expected = Buffer.from(key, 'base64');
  const options = { N: Number(N), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, options, (error, actual) =>
      error ? reject(error) : resolve(actual.length > 0 && timingSafeEqual(actual, expected)),
    );
  });
}

function hash(password: string): Promise<string> {
  return argon2Hash(password, currentParameters());
}

async function verify(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyLegacyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  return argon2Verify(stored, password);
}

// Checked against when the e-mail is unknown, with the parameters of a real hash, so a miss costs
// as much as a wrong password (test/server/password-hashing.test.ts measures both).
let decoyHash: Promise<string> | undefined;

/** Password storage with Argon2id; hashes from before it still verify until they are replaced. */
export const passwordHasher = {
  hash,
  verify,
  /** True for a hash made with other (older or weaker) parameters than hash() uses today. */
  needsRehash(stored: string): boolean {
    return !stored.startsWith(phcPrefix(currentParameters()));
  },
  /** Spends the work of one verification and answers false. */
  async reject(password: string): Promise<false> {
    decoyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(password, await decoyHash);
    return false;
  },
};
