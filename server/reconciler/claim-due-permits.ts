import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { claimWithLease } from '../db/claim-with-lease';
import type { Database } from '../db/database';
import { permits, users, type PermitRow } from '../db/schema';

/** A permit this reconciler holds until `lease`, which doubles as the claim's token. */
export interface ClaimedPermit {
  permit: PermitRow;
  lease: Date;
  /** Whether the resident's account was active when the permit was claimed (decision 013). */
  ownerActive: boolean;
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
  if (claimed.length === 0) return [];
  // One read of the owners' accounts for the whole claim, rather than one per permit: `admin user
  // disable` still takes effect on the next claim, whether or not an API host ran when it was given.
  const owners = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map(({ row }) => row.userId))]));
  const active = new Map(owners.map((owner) => [owner.id, owner.isActive]));
  return claimed.map(({ row, lease }) => ({
    permit: row,
    lease,
    // No account row (the foreign key forbids it) is not taken for a disabled one, as before.
    ownerActive: active.get(row.userId) ?? true,
  }));
}
