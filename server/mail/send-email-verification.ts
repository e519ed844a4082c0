import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { takeAccountMail } from './account-mail-budget';
import { emailVerificationLink } from './email-verification-link';
import { emailVerificationMail } from './email-verification-mail';
import { residentLanguage } from './mail-i18n';
import type { Mailer } from './mailer';

export interface EmailVerificationSender {
  db: Database;
  mailer: Mailer;
  /** Where residents reach the API host (PUBLIC_API_URL): the base of the link. */
  publicUrl(): string;
  /** The hourly mail limit per account (server/mail/account-mail-budget.ts). */
  mailsPerAccountPerHour?: number;
}

/**
 * Mails the resident a link that confirms their address: 'sent', 'limited' when the account's
 * hourly mail limit is used up, or 'verified' when there is nothing to confirm.
 */
export async function sendEmailVerification(
  sender: EmailVerificationSender,
  userId: string,
): Promise<'sent' | 'limited' | 'verified'> {
  const [owner] = await sender.db
    .select({
      id: users.id,
      email: users.email,
      mailLinkKey: users.mailLinkKey,
      verifiedAt: users.emailVerifiedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) throw new Error(`No resident ${userId}.`);
  if (owner.verifiedAt) return 'verified';
  const allowed = await takeAccountMail(
    sender.db,
    owner.id,
    'email-verification',
    sender.mailsPerAccountPerHour,
  );
  if (!allowed) return 'limited';
  await sender.mailer.send(
    emailVerificationMail(
      owner.email,
      emailVerificationLink(sender.publicUrl(), owner),
      residentLanguage(owner),
    ),
  );
  return 'sent';
}
