import { and, inArray, isNull, lte, or, sql, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { permits, users, type PermitRow } from '../db/schema';

/** A permit this reconciler holds until `lease`, which doubles as the claim's token. */
export interface ClaimedPermit {
  permit: PermitRow;
  lease: Date;
}

const now = sql`now()`;

/** Permits with work for the reconciler, whose backoff has passed and that no live lease holds. */
const due = and(
  or(isNull(permits.leaseExpiresAt), lte(permits.leaseExpiresAt, now)),
  or(isNull(permits.nextAttemptAt), lte(permits.nextAttemptAt, now)),
  or(
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
  ),
);

/**
 * Claims up to batchSize due permits, oldest due first: locks them with FOR UPDATE SKIP LOCKED
 * (rows another claim or a route's transaction holds are passed over), stamps a lease on them and
 * commits, so no row lock outlives the claim. The lease is cut to whole milliseconds so that the
 * value read back is exactly the stored one: later writes compare against it.
 */
export async function claimDuePermits(
  db: Database,
  options: { batchSize: number; leaseMs: number },
): Promise<ClaimedPermit[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: permits.id })
      .from(permits)
      .where(due)
      .orderBy(sql`coalesce(${permits.nextAttemptAt}, ${permits.updatedAt})`, permits.id)
      .limit(options.batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    const claimed = await tx
      .update(permits)
      .set({
        leaseExpiresAt: sql`date_trunc('milliseconds', now()) + ${options.leaseMs}::integer * interval '1 millisecond'`,
      })
      .where(
        inArray(
          permits.id,
          candidates.map((candidate) => candidate.id),
        ),
      )
      .returning();
    return claimed.flatMap((permit) =>
      permit.leaseExpiresAt ? [{ permit, lease: permit.leaseExpiresAt }] : [],
    );
  });
}
