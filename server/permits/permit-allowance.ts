import { and, count, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { permits } from '../db/schema';
import { capPeriod, type CapPeriod } from './cap-period';
import { limitCountedPermitStatuses } from './permit-status-groups';
import { hostTexts, hostTextTemplates } from '../../contract/host-texts';
import { filledTemplate } from '../../contract/filled-template';

export const permitLimitMessage = hostTexts.permitLimit;

export function permitCapMessage(periodName: string): string {
  return filledTemplate(hostTextTemplates.activationCap, { periodName });
}

/**
 * A prepared count of one resident's permits that `matching` picks: every dashboard runs one, so
 * each is parsed and planned once a connection, not at every request. `matching` may hold
 * placeholders of its own.
 */
function ownPermitsCount(name: string, matching: SQL | undefined) {
  const counting = preparedPerDatabase((db) =>
    db
      .select({ total: count() })
      .from(permits)
      .where(and(eq(permits.userId, sql.placeholder('userId')), matching))
      .prepare(name),
  );
  return async (
    db: Database,
    values: { userId: string } & Record<string, unknown>,
  ): Promise<number> => {
    const [row] = await counting(db).execute(values);
    return row?.total ?? 0;
  };
}

const limitCounted = ownPermitsCount(
  'kerbside_limit_counted',
  inArray(permits.status, limitCountedPermitStatuses),
);

/** The permits of one resident that count against the concurrent-permit limit. */
export async function countLimitCountedPermits(db: Database, userId: string): Promise<number> {
  return limitCounted(db, { userId });
}

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
  options: { countQueued: boolean },
): Promise<number> {
  const counting = options.countQueued ? activationsWithQueued : activationsInPeriod;
  // As text: the drivers (node-postgres, PGlite) then agree on the instant.
  return counting(db, {
    userId,
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

/** The statuses that count against the limit, as the SQL array the functions below take. */
export const limitCountedStatusesArray = sql.raw(
  `ARRAY[${limitCountedPermitStatuses.map((status) => `'${status}'`).join(', ')}]::text[]`,
);

/** The bounds of both kinds of cap period, as the functions of migration 0015 take them. */
interface CapPeriodBounds {
  monthStart: string;
  monthEnd: string;
  quarterStart: string;
  quarterEnd: string;
}

/** The bounds last worked out, and the month they hold for (a quarter holds whole months). */
let rememberedBounds: { bounds: CapPeriodBounds; from: number; until: number } | undefined;

/**
 * The bounds of both kinds of cap period around `at`, as the functions of migration 0015 take
 * them (server/db/migrations/0015_permit_allowance_in_one_call.sql): they pick the pair of the
 * site's cap type. As text: the drivers (node-postgres, PGlite) then agree on the instant.
 * Remembered for the month: every create passes them, and luxon asks for London's offset several
 * times a date, some 3.6 µs each (docs/performance.md).
 */
export function capPeriodBounds(at: Date): CapPeriodBounds {
  const time = at.getTime();
  if (!rememberedBounds || time < rememberedBounds.from || time >= rememberedBounds.until) {
    const month = capPeriod('monthly', at);
    const quarter = capPeriod('quarterly', at);
    rememberedBounds = {
      bounds: {
        monthStart: month.start.toISOString(),
        monthEnd: month.end.toISOString(),
        quarterStart: quarter.start.toISOString(),
        quarterEnd: quarter.end.toISOString(),
      },
      from: month.start.getTime(),
      until: month.end.getTime(),
    };
  }
  return rememberedBounds.bounds;
}

/** The placeholders of capPeriodBounds, in the order the functions take them. */
export const capPeriodBoundsArguments = sql`${sql.placeholder('monthStart')}::timestamptz, ${sql.placeholder('monthEnd')}::timestamptz, ${sql.placeholder('quarterStart')}::timestamptz, ${sql.placeholder('quarterEnd')}::timestamptz`;

/** The SQLSTATE of kerbside_create_permit's refusal, which names the refusal as its constraint. */
export const noRoomSqlState = 'KS001';

/**
 * What the database answered for a resident with no room left ('limit', or the cap type whose
 * period is full), as the API says it.
 */
export function refusedAllowance(
  refusal: string,
  at: Date,
): Extract<PermitAllowance, { allowed: false }> {
  if (refusal === 'limit') return { allowed: false, breach: 'limit', message: permitLimitMessage };
  if (refusal !== 'monthly' && refusal !== 'quarterly') {
    throw new Error(`Unknown permit allowance refusal ${refusal}.`);
  }
  return { allowed: false, breach: 'cap', message: permitCapMessage(capPeriod(refusal, at).name) };
}

/** The resident's row lock and the counts behind the limit and the cap, in one call (prepared). */
const allowanceCall = preparedPerDatabase((tx) =>
  tx
    .select({ refusal: sql<string | null>`"refusal"` })
    .from(
      sql`kerbside_permit_allowance(${sql.placeholder('userId')}::uuid, ${sql.placeholder('excludePermitId')}::integer, ${limitCountedStatusesArray}, ${sql.placeholder('activatesNow')}::boolean, ${sql.placeholder('countQueued')}::boolean, ${capPeriodBoundsArguments}) AS "refusal"`,
    )
    .prepare('kerbside_permit_allowance'),
);

/**
 * Whether the resident may hold one more permit (concurrent-permit limit) and, when it activates
 * now, use one more activation in the current cap period. Must run inside a transaction: the
 * database function it calls (migration 0015) locks the resident's row until the transaction ends,
 * so concurrent checks for one resident queue up and each sees the insert or status change of the
 * one before.
 */
export async function checkPermitAllowance(
  tx: Database,
  userId: string,
  options: PermitAllowanceOptions,
): Promise<PermitAllowance> {
  const [row] = await allowanceCall(tx).execute({
    userId,
    excludePermitId: options.permitId ?? null,
    activatesNow: options.activatesNow,
    countQueued: options.countQueued,
    ...capPeriodBounds(options.at),
  });
  if (!row) throw new Error('The permit allowance returned no row.');
  return row.refusal === null ? { allowed: true } : refusedAllowance(row.refusal, options.at);
}
