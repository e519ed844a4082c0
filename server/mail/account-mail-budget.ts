import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { lockResidentRow } from '../db/lock-resident-row';
import { accountMails } from '../db/schema';

/**
 * How many mails one account is sent in any hour, whatever their kind. Above it a mail is not
 * sent: nobody who holds an invite code can turn Kerbside into a mail cannon aimed at an address,
 * by creating and cancelling permits or asking for links again and again (issue 34).
 */
export const defaultMailsPerAccountPerHour = 30;

export type AccountMailKind =
  'permit' | 'email-verification' | 'password-reset' | 'visitor-receipt';

/**
 * Of the hourly allowance, the half that password-reset mails may take (at least one): anyone may
 * ask for one for any address, and must not spend what the resident's own mails need, a permit's
 * "Ending soon" reminder among them.
 */
export function passwordResetMailsPerHour(perHour: number): number {
  return Math.max(1, Math.floor(perHour / 2));
}

/**
 * Takes one mail from the account's hourly allowance: true (and counted) when the account has
 * been sent fewer than `perHour` mails in the last hour (and, for a password-reset mail, fewer
 * than `passwordResetMailsPerHour` of those), false otherwise. The resident's row is locked while
 * counting, so mails sent at the same moment by several hosts are all counted.
 */
export async function takeAccountMail(
  db: Database,
  userId: string,
  kind: AccountMailKind,
  perHour: number = defaultMailsPerAccountPerHour,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockResidentRow(tx, userId);
    const [sent] = await tx
      .select({
        total: count(),
        resets:
          sql<number>`count(*) filter (where ${accountMails.kind} = 'password-reset')`.mapWith(
            Number,
          ),
      })
      .from(accountMails)
      .where(
        and(
          eq(accountMails.userId, userId),
          gt(accountMails.sentAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((sent?.total ?? 0) >= perHour) return false;
    if (kind === 'password-reset' && (sent?.resets ?? 0) >= passwordResetMailsPerHour(perHour)) {
      return false;
    }
    await tx.insert(accountMails).values({ userId, kind });
    return true;
  });
}
