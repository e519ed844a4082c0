import { isNull, sql } from 'drizzle-orm';
import type { PermitStatus } from '../../contract/permit-status';
import { claimWithLease } from '../db/claim-with-lease';
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

/**
 * Claims up to batchSize unsent mails, in the order they were recorded, under a lease as the
 * reconciler claims permits (server/db/claim-with-lease.ts).
 */
export async function claimDuePermitMails(
  db: Database,
  options: { batchSize: number; leaseMs: number },
): Promise<ClaimedPermitMail[]> {
  const claimed = await claimWithLease(db, permitMails, {
    due: isNull(permitMails.outcome),
    orderBy: [permitMails.id],
    batchSize: options.batchSize,
    leaseMs: options.leaseMs,
  });
  return claimed.map(({ row, lease }) => ({ mail: row, lease }));
}
