import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { claimWithLease } from '../db/claim-with-lease';
import type { Database } from '../db/database';
import { permits, users, type PermitRow } from '../db/schema';

/** A permit this reconciler holds until `lease`, which doubles as the claim's token. */
export interface ClaimedPermit {
  permit: PermitRow;
  lease: Date;
}

const now = sql`now()`;

/** Permits with work for the reconciler (the claim adds: backoff passed, no live lease). */
const due = or(
  inArray(permits.status, ['QUEUED', 'CANCEL_PENDING', 'UPDATE_PENDING', 'EXPIRE_PENDING']),
  and(eq(permits.status, 'SCHEDULED'), lte(permits.startTs, now)),
  // UPDATE_FAILED too: it counts against the resident's limit, so it must end with its time.
  and(inArray(permits.status, ['ACTIVE', 'UPDATE_FAILED']), lte(permits.endTs, now)),
  // A disabled resident's held permits, whatever their times: they are to be ended
  // (docs/decisions/013-disabled-accounts-hold-no-permits.md).
  and(
    inArray(permits.status, ['SCHEDULED', 'ACTIVE', 'UPDATE_FAILED']),
    sql`${permits.userId} in (select ${users.id} from ${users} where not ${users.isActive})`,
  ),
);

/**
 * Claims up to batchSize due permits, oldest due first, under a lease (server/db/claim-with-lease.ts:
 * FOR UPDATE SKIP LOCKED, the lease committed before any provider call).
 */
export async function claimDuePermits(
  db: Database,
  options: { batchSize: number; leaseMs: number },
): Promise<ClaimedPermit[]> {
  const claimed = await claimWithLease(db, permits, {
    due,
    orderBy: [sql`coalesce(${permits.nextAttemptAt}, ${permits.updatedAt})`, permits.id],
    batchSize: options.batchSize,
    leaseMs: options.leaseMs,
  });
  return claimed.map(({ row, lease }) => ({ permit: row, lease }));
}
