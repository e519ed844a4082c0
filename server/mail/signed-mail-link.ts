import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the links mailed to residents are signed and checked (the switch-off links of
 * server/mail/mail-links.ts, the address confirmations of server/mail/email-verification-link.ts):
 * an HMAC-SHA256 of what the link vouches for, keyed with the resident's own random key
 * (users.mail_link_key), so that a link cannot be guessed or made for another resident.
 */
export const signedMailLink = {
  /** The token of a link vouching for `parts` (the first names what the link does), base64url. */
  sign(mailLinkKey: string, parts: readonly string[]): string {
    return createHmac('sha256', mailLinkKey)
      .update(parts.join('\u0000'), 'utf8')
      .digest('base64url');
  },

  /** Whether a link's `given` token is the `expected` one, compared in constant time. */
  matches(given: string, expected: string): boolean {
    const expectedBytes = Buffer.from(expected, 'utf8');
    const givenBytes = Buffer.from(given, 'utf8');
    return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
  },

  /** The link to `path` on the host residents reach (`publicUrl`), its query in the given order. */
  url(publicUrl: string, path: string, query: Readonly<Record<string, string>>): string {
    const url = new URL(`${publicUrl.replace(/\/+$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  },
};
