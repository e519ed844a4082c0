import { and, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PermitStatus } from '../../contract/permit-status';
import type { Database } from '../db/database';
import { permitMails, permits } from '../db/schema';

/** A permit mail this dispatcher holds until `lease`, which doubles as the claim's token. */
export interface ClaimedPermitMail {
  mail: typeof permitMails.$inferSelect;
  lease: Date;
}

/** Statuses of a permit still held, which a reminder may be sent for. */
export const remindablePermitStatuses: readonly PermitStatus[] = [
  'SCHEDULED',
  'QUEUED',
  'ACTIVE',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
];

/** Indefinite permits end in year 9999 (docs/contract.md §3): they never end soon. */
const indefiniteFrom = new Date('9999-01-01T00:00:00Z');

/**
 * Records the reminder of every held permit that ends within `reminderLeadMs` and has not ended:
 * one statement, whose unique (permit, kind) index makes it once per permit however many
 * dispatchers run it at the same moment.
 */
export async function queueDueReminders(db: Database, reminderLeadMs: number): Promise<void> {
  const statuses = sql.join(
    remindablePermitStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO ${permitMails} (permit_id, kind, status)
    SELECT ${permits.id}, 'reminder', ${permits.status} FROM ${permits}
    WHERE ${permits.status} IN (${statuses})
      AND ${permits.endTs} > now()
      AND ${permits.endTs} < ${indefiniteFrom.toISOString()}::timestamptz
      AND ${permits.endTs} <= now() + ${reminderLeadMs}::double precision * interval '1 millisecond'
    ON CONFLICT DO NOTHING`);
}

const now = sql`now()`;

/**
 * Claims up to batchSize unsent mails whose backoff has passed and that no live lease holds, as
 * server/reconciler/claim-due-permits.ts claims permits: FOR UPDATE SKIP LOCKED, a lease stamped
 * and committed, cut to whole milliseconds so that later writes can compare against it.
 */
export async function claimDuePermitMails(
  db: Database,
  options: { batchSize: number; leaseMs: number },
): Promise<ClaimedPermitMail[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: permitMails.id })
      .from(permitMails)
      .where(
        and(
          isNull(permitMails.outcome),
          or(isNull(permitMails.leaseExpiresAt), lte(permitMails.leaseExpiresAt, now)),
          or(isNull(permitMails.nextAttemptAt), lte(permitMails.nextAttemptAt, now)),
        ),
      )
      .orderBy(permitMails.id)
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    const claimed = await tx
      .update(permitMails)
      .set({
        leaseExpiresAt: sql`date_trunc('milliseconds', now()) + ${options.leaseMs}::integer * interval '1 millisecond'`,
      })
      .where(
        inArray(
          permitMails.id,
          candidates.map((candidate) => candidate.id),
        ),
      )
      .returning();
    return claimed.flatMap((mail) =>
      mail.leaseExpiresAt ? [{ mail, lease: mail.leaseExpiresAt }] : [],
    );
  });
}
