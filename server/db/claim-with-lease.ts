import { and, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import type { permitMails, permits } from './schema';

/**
 * The tables whose rows background workers claim under a lease: each has an integer id, a backoff
 * (`next_attempt_at`, null: now) and a lease (`lease_expires_at`, null: none).
 */
type LeasedTable = typeof permits | typeof permitMails;

/** A row this process holds until `lease`, which doubles as the claim's token. */
export interface LeasedRow<Row> {
  row: Row;
  lease: Date;
}

/** Which rows a claim takes, in what order, how many and for how long. */
export interface ClaimWithLeaseOptions {
  /** The rows with work, besides "backoff passed, no live lease" (which every claim adds). */
  due: SQL | undefined;
  /** Oldest work first: the columns or expressions the candidates are ordered by. */
  orderBy: (PgColumn | SQL)[];
  batchSize: number;
  leaseMs: number;
}

const now = sql`now()`;

/**
 * Claims up to batchSize due rows whose backoff has passed and that no live lease holds: locks
 * them with FOR UPDATE SKIP LOCKED (rows another claim or a route's transaction holds are passed
 * over), stamps a lease on them and commits, so no row lock outlives the claim. The lease is cut
 * to whole milliseconds so that the value read back is exactly the stored one: later writes
 * compare against it. The reconciler (server/reconciler/claim-due-permits.ts) and the permit mail
 * dispatcher (server/mail/claim-due-permit-mails.ts) claim this way.
 */
export async function claimWithLease<Table extends LeasedTable>(
  db: Database,
  table: Table,
  options: ClaimWithLeaseOptions,
): Promise<LeasedRow<Table['$inferSelect']>[]> {
  // Drizzle's builders cannot type a table still generic; both tables are built as the union.
  const leased: LeasedTable = table;
  const claimed = await db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: leased.id })
      .from(leased)
      .where(
        and(
          options.due,
          or(isNull(leased.leaseExpiresAt), lte(leased.leaseExpiresAt, now)),
          or(isNull(leased.nextAttemptAt), lte(leased.nextAttemptAt, now)),
        ),
      )
      .orderBy(...options.orderBy)
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    return tx
      .update(leased)
      .set({
        leaseExpiresAt: sql`date_trunc('milliseconds', now()) + ${options.leaseMs}::integer * interval '1 millisecond'`,
      })
      .where(
        inArray(
          leased.id,
          candidates.map((candidate) => candidate.id),
        ),
      )
      .returning();
  });
  return (claimed as Table['$inferSelect'][]).flatMap((row) =>
    row.leaseExpiresAt ? [{ row, lease: row.leaseExpiresAt }] : [],
  );
}
