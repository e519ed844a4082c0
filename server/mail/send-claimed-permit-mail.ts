import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { permitMails, permits, users } from '../db/schema';
import { backoffDelay } from '../reconciler/reconciler-settings';
import { takeAccountMail } from './account-mail-budget';
import type { ClaimedPermitMail } from './claim-due-permit-mails';
import { remindablePermitStatuses } from './claim-due-permit-mails';
import { residentLanguage } from './mail-i18n';
import { switchOffLink } from './mail-links';
import type { Mailer } from './mailer';
import { permitMailContent, preferenceOf } from './permit-mail-content';
import type { PermitMailSettings } from './permit-mail-settings';

export interface PermitMailContext {
  db: Database;
  mailer: Mailer;
  settings: PermitMailSettings;
  /** Where residents reach the API host: the base of switch-off links (PUBLIC_API_URL). */
  publicUrl(): string;
  /** [0, 1): the jitter of the retry backoff. */
  random(): number;
}

/**
 * Sends one claimed mail, or skips it when its resident's account is disabled or their address
 * not confirmed, when its kind is switched off, for a reminder when its permit is no longer held
 * or has ended, or when the account's hourly mail limit is used up. A failed send is tried again after a backoff and given
 * up after maxAttempts; the permit itself is never touched. Every write is conditional on this
 * claim's lease.
 */
export async function sendClaimedPermitMail(
  context: PermitMailContext,
  claimed: ClaimedPermitMail,
): Promise<void> {
  const { db, settings } = context;
  const { mail, lease } = claimed;
  const held = and(eq(permitMails.id, mail.id), eq(permitMails.leaseExpiresAt, lease));
  const finish = (outcome: 'sent' | 'skipped' | 'failed', lastError: string | null = null) =>
    db
      .update(permitMails)
      .set({ outcome, lastError, doneAt: sql`now()`, leaseExpiresAt: null })
      .where(held);

  const [found] = await db
    .select({
      permit: permits,
      email: users.email,
      mailLinkKey: users.mailLinkKey,
      confirmations: users.emailConfirmations,
      reminders: users.emailReminders,
      isActive: users.isActive,
      verifiedAt: users.emailVerifiedAt,
      language: users.language,
    })
    .from(permits)
    .innerJoin(users, eq(users.id, permits.userId))
    .where(eq(permits.id, mail.permitId));
  // A disabled account is mailed nothing about its permits (decision 013).
  if (!found?.isActive) return void (await finish('skipped'));
  // Whoever registered may not own the address: nothing about permits goes to it until its owner
  // has opened the confirmation link (server/routes/email-verification-routes.ts).
  if (!found.verifiedAt) return void (await finish('skipped', 'E-mail address not confirmed'));
  const preference = preferenceOf(mail.kind);
  if (!found[preference]) return void (await finish('skipped'));
  if (
    mail.kind === 'reminder' &&
    (!remindablePermitStatuses.includes(found.permit.status) ||
      found.permit.endTs.getTime() <= Date.now())
  ) {
    return void (await finish('skipped'));
  }

  if (
    !(await takeAccountMail(db, found.permit.userId, 'permit', settings.mailsPerAccountPerHour))
  ) {
    return void (await finish('skipped', 'Hourly mail limit of the account reached'));
  }
  const message = permitMailContent({
    kind: mail.kind,
    status: mail.status,
    permit: found.permit,
    to: found.email,
    language: residentLanguage(found),
    switchOffUrl: switchOffLink(
      context.publicUrl(),
      { id: found.permit.userId, mailLinkKey: found.mailLinkKey },
      preference,
    ),
  });
  try {
    await context.mailer.send(message);
  } catch (error) {
    const attempts = mail.attempts + 1;
    const lastError = error instanceof Error ? error.message : String(error);
    if (attempts >= settings.maxAttempts) return void (await finish('failed', lastError));
    const waitMs = backoffDelay(settings, attempts, context.random);
    await db
      .update(permitMails)
      .set({
        attempts,
        lastError,
        nextAttemptAt: sql`now() + ${waitMs}::double precision * interval '1 millisecond'`,
        leaseExpiresAt: null,
      })
      .where(held);
    return;
  }
  await finish('sent');
}
