import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits), as for password-reset links: 43 base64url characters. */
const tokenBytes = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The secret of a visitor pass's link /visit/<token>. It exists in clear only in the answer that
 * creates the pass; the database keeps its SHA-256 hash (unique), by which a link is looked up.
 */
export function issueVisitorPassToken(): { token: string; hash: string } {
  const token = randomBytes(tokenBytes).toString('base64url');
  return { token, hash: visitorPassTokenHash(token) };
}

/** The hash a token is stored and looked up by, and throttled under: hexadecimal SHA-256. */
export function visitorPassTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a link's token could be one the host issued: anything else is looked up no further. */
export function isWellFormedVisitorPassToken(token: string): boolean {
  return tokenPattern.test(token);
}

/** Two hexadecimal hashes compared in constant time. */
export function sameTokenHash(stored: string, asked: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(asked, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
