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

const currentPrefix =
  `$argon2id$v=19$m=${argon2idParameters.memoryCost},` +
  `t=${argon2idParameters.timeCost},p=${argon2idParameters.parallelism}$`;

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
  return argon2Hash(password, argon2idParameters);
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
    return !stored.startsWith(currentPrefix);
  },
  /** Spends the work of one verification and answers false. */
  async reject(password: string): Promise<false> {
    decoyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(password, await decoyHash);
    return false;
  },
};
