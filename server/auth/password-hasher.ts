import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;
const parameters = { N: 16_384, r: 8, p: 1 } as const;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function hash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verify(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the e-mail is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Password storage with Node's scrypt: `scrypt$N$r$p$salt$key`, compared in constant time. */
export const passwordHasher = {
  hash,
  verify,
  /** Spends the time of one verification and answers false. */
  async reject(password: string): Promise<false> {
    decoyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(password, await decoyHash);
    return false;
  },
};
