import { signedMailLink } from './signed-mail-link';

/** The path of the page a confirmation link opens (server/routes/email-verification-routes.ts). */
export const emailVerificationPath = '/api/v1/email-verification/confirm/';

/** How long a confirmation link works. */
export const emailVerificationLifetimeMs = 7 * 24 * 60 * 60_000;

/** Whose address it confirms, and the random key (users.mail_link_key) that signs the link. */
export interface VerificationLinkOwner {
  id: string;
  email: string;
  mailLinkKey: string;
}

function signature(owner: VerificationLinkOwner, expires: number): string {
  // The address is signed too: a link confirms the address it was sent to, and no other.
  return signedMailLink.sign(owner.mailLinkKey, [
    'verify-email',
    owner.id,
    owner.email,
    String(expires),
  ]);
}

/** The link mailed to a resident's address: opening it (and pressing its button) confirms it. */
export function emailVerificationLink(
  publicUrl: string,
  owner: VerificationLinkOwner,
  now = Date.now(),
): string {
  const expires = now + emailVerificationLifetimeMs;
  return signedMailLink.url(publicUrl, emailVerificationPath, {
    user: owner.id,
    expires: String(expires),
    token: signature(owner, expires),
  });
}

/** Whether `token` is this owner's signature for `expires`, not yet expired; constant time. */
export function isEmailVerificationToken(
  owner: VerificationLinkOwner,
  expires: number,
  token: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires <= now) return false;
  return signedMailLink.matches(token, signature(owner, expires));
}
