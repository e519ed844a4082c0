import { and, count, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { permits, users } from '../db/schema';
import { siteSettingsStore } from '../site-settings/site-settings-store';
import { capPeriod, type CapPeriod } from './cap-period';
import { limitCountedPermitStatuses } from './permit-status-groups';

export const permitLimitMessage = 'You have reached your permit limit';

export function permitCapMessage(periodName: string): string {
  return `You have reached your permit activation cap for ${periodName}`;
}

/**
 * A prepared count of one resident's permits that `matching` picks, and the same leaving out one
 * permit (an activation's own): every create, activation and dashboard runs one, so each is parsed
 * and planned once a connection, not at every request. `matching` may hold placeholders of its own.
 */
function ownPermitsCount(name: string, matching: SQL | undefined) {
  const counting = (excluding: boolean) =>
    preparedPerDatabase((db) =>
      db
        .select({ total: count() })
        .from(permits)
        .where(
          and(
            eq(permits.userId, sql.placeholder('userId')),
            matching,
            excluding ? ne(permits.id, sql.placeholder('excludePermitId')) : undefined,
          ),
        )
        .prepare(excluding ? `${name}_but_one` : name),
    );
  const ofAll = counting(false);
  const butOne = counting(true);
  return async (
    db: Database,
    values: { userId: string; excludePermitId?: number } & Record<string, unknown>,
  ): Promise<number> => {
    const [row] = await (values.excludePermitId === undefined
      ? ofAll(db).execute(values)
      : butOne(db).execute(values));
    return row?.total ?? 0;
  };
}

const limitCounted = ownPermitsCount(
  'kerbside_limit_counted',
  inArray(permits.status, limitCountedPermitStatuses),
);

/** The permits of one resident that count against the concurrent-permit limit. */
export async function countLimitCountedPermits(
  db: Database,
  userId: string,
  excludePermitId?: number,
): Promise<number> {
  return limitCounted(db, { userId, excludePermitId });
}

/**
 * The resident's row, locked until the transaction ends (prepared: every create and activation
 * takes it).
 */
const residentRowLock = preparedPerDatabase((tx) =>
  tx
    .select({ permitLimit: users.permitLimit })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .prepare('kerbside_resident_row_lock'),
);

const activatedInPeriod = and(
  gte(permits.activatedAt, sql.placeholder('periodStart')),
  lt(permits.activatedAt, sql.placeholder('periodEnd')),
);
const activationsInPeriod = ownPermitsCount('kerbside_cap_activations', activatedInPeriod);
const activationsWithQueued = ownPermitsCount(
  'kerbside_cap_activations_with_queued',
  or(eq(permits.status, 'QUEUED'), activatedInPeriod),
);

/**
 * Activations of one resident in the cap period: permits activated within it, plus, with
 * countQueued, the resident's QUEUED permits (activations on their way).
 */
export async function countCapUsage(
  db: Database,
  userId: string,
  period: CapPeriod,
  options: { countQueued: boolean; excludePermitId?: number },
): Promise<number> {
  const counting = options.countQueued ? activationsWithQueued : activationsInPeriod;
  // As text: the drivers (node-postgres, PGlite) then agree on the instant.
  return counting(db, {
    userId,
    excludePermitId: options.excludePermitId,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  });
}

export interface PermitAllowanceOptions {
  /** The moment whose cap period (month or quarter in London) counts: usually now. */
  at: Date;
  /** The stored permit being queued or activated; left out for a permit about to be created. */
  permitId?: number;
  /**
   * Whether the permit is about to use an activation now (a permit created to start now, or a
   * scheduled one set live): the cap is checked only then.
   */
  activatesNow: boolean;
  /**
   * Also count the resident's other QUEUED permits against the cap, as activations already on
   * their way: true for the API (create, activate), false for the reconciler's own activation,
   * which would otherwise refuse every queued permit once they outnumber the remaining cap.
   */
  countQueued: boolean;
}

export type PermitAllowance =
  { allowed: true } | { allowed: false; breach: 'limit' | 'cap'; message: string };

/**
 * Whether the resident may hold one more permit (concurrent-permit limit) and, when it activates
 * now, use one more activation in the current cap period. Must run inside a transaction: it locks
 * the resident's row until the transaction ends, so concurrent checks for one resident queue up
 * and each sees the insert or status change of the one before.
 */
export async function checkPermitAllowance(
  tx: Database,
  userId: string,
  options: PermitAllowanceOptions,
): Promise<PermitAllowance> {
  const [resident] = await residentRowLock(tx).execute({ userId });
  if (!resident) throw new Error(`No resident ${userId}.`);
  const held = await countLimitCountedPermits(tx, userId, options.permitId);
  if (held >= resident.permitLimit) {
    return { allowed: false, breach: 'limit', message: permitLimitMessage };
  }
  if (!options.activatesNow) return { allowed: true };

  const cap = await siteSettingsStore.readCap(tx);
  if (cap.limit === 0) return { allowed: true };
  const period = capPeriod(cap.type, options.at);
  const used = await countCapUsage(tx, userId, period, {
    countQueued: options.countQueued,
    excludePermitId: options.permitId,
  });
  if (used >= cap.limit) {
    return { allowed: false, breach: 'cap', message: permitCapMessage(period.name) };
  }
  return { allowed: true };
}
