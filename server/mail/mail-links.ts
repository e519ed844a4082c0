import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailPreferenceKind } from '../../contract/email-preferences';

/** Whose link it is, and the random key (users.mail_link_key) that signs it. */
export interface MailLinkOwner {
  id: string;
  mailLinkKey: string;
}

/** The path of the unauthenticated switch-off endpoint (server/routes/email-preference-routes.ts). */
export const switchOffPath = '/api/v1/email-preferences/switch-off/';

function signature(owner: MailLinkOwner, kind: EmailPreferenceKind): string {
  return createHmac('sha256', owner.mailLinkKey)
    .update(`switch-off\u0000${owner.id}\u0000${kind}`, 'utf8')
    .digest('base64url');
}

/**
 * The one-click link that switches one kind of permit e-mail off for one resident: signed with
 * the resident's own random key, so it cannot be guessed, made for another resident or turned
 * into a link for the other kind.
 */
export function switchOffLink(
  publicUrl: string,
  owner: MailLinkOwner,
  kind: EmailPreferenceKind,
): string {
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${switchOffPath}`);
  url.searchParams.set('user', owner.id);
  url.searchParams.set('kind', kind);
  url.searchParams.set('token', signature(owner, kind));
  return url.toString();
}

/** Whether `token` is this owner's signature for `kind`, compared in constant time. */
export function isSwitchOffToken(
  owner: MailLinkOwner,
  kind: EmailPreferenceKind,
  token: string,
): boolean {
  const expected = Buffer.from(signature(owner, kind), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
