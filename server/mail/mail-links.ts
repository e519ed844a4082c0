import type { EmailPreferenceKind } from '../../contract/email-preferences';
import { signedMailLink } from './signed-mail-link';

/** Whose link it is, and the random key (users.mail_link_key) that signs it. */
export interface MailLinkOwner {
  id: string;
  mailLinkKey: string;
}

/** The path of the unauthenticated switch-off endpoint (server/routes/email-preference-routes.ts). */
export const switchOffPath = '/api/v1/email-preferences/switch-off/';

function signature(owner: MailLinkOwner, kind: EmailPreferenceKind): string {
  return signedMailLink.sign(owner.mailLinkKey, ['switch-off', owner.id, kind]);
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
  return signedMailLink.url(publicUrl, switchOffPath, {
    user: owner.id,
    kind,
    token: signature(owner, kind),
  });
}

/** Whether `token` is this owner's signature for `kind`, compared in constant time. */
export function isSwitchOffToken(
  owner: MailLinkOwner,
  kind: EmailPreferenceKind,
  token: string,
): boolean {
  return signedMailLink.matches(token, signature(owner, kind));
}
