import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PermitStatus } from '../../contract/permit-status';
import * as schema from '../../server/db/schema';
import { permitIndexes } from './permit-indexes';
import {
  colours,
  firstNames,
  lastNames,
  randomSequence,
  randomVrm,
  vehicles,
} from './seed-permits';

export interface CouncilPlan {
  residents: number;
  permits: number;
  /** Share of residents, 0..1, who hold far more permits than the rest (carers, landlords). */
  heavyShare: number;
  /** How far back the permits reach, in days. */
  days: number;
}

export const councilPlan: CouncilPlan = {
  residents: 50_000,
  permits: 1_000_000,
  heavyShare: 0.01,
  days: 730,
};

export interface CouncilData {
  /** Every resident's id, in seeding order. */
  residentIds: string[];
  /** How many permits each resident holds, by the index of residentIds. */
  permitCounts: Int32Array;
  /** The indexes (into residentIds) of the heavy residents. */
  heavy: number[];
  totalPermits: number;
  /** Wall time of each COPY, of rebuilding 0004's indexes and of VACUUM ANALYZE, in ms. */
  timings: { residentsMs: number; permitsMs: number; indexesMs: number; analyzeMs: number };
  /** How many permits of each status were seeded. */
  statusCounts: Record<string, number>;
}

const dayMs = 24 * 60 * 60_000;
const hourMs = 60 * 60_000;
const terminalPast: ReadonlyArray<readonly [PermitStatus, number]> = [
  ['EXPIRED', 720],
  ['CANCELLED', 200],
  ['FAILED', 30],
  ['FAILED_LIMIT', 20],
  ['CANCEL_FAILED', 15],
  ['UPDATE_FAILED', 13],
  // A reconciler backlog: permits past their end whose expiry the provider has not confirmed.
  ['EXPIRE_PENDING', 2],
];
const current: ReadonlyArray<readonly [PermitStatus, number]> = [
  ['ACTIVE', 85],
  ['CANCEL_PENDING', 5],
  ['UPDATE_PENDING', 5],
  ['QUEUED', 5],
];
const future: ReadonlyArray<readonly [PermitStatus, number]> = [
  ['SCHEDULED', 95],
  ['QUEUED', 5],
];
const neverActivated: readonly PermitStatus[] = ['SCHEDULED', 'QUEUED', 'FAILED', 'FAILED_LIMIT'];

function weighted(
  shares: ReadonlyArray<readonly [PermitStatus, number]>,
): (draw: number) => PermitStatus {
  const cycle = shares.flatMap(([status, share]) => Array.from({ length: share }, () => status));
  return (draw) => cycle[Math.floor(draw * cycle.length)] as PermitStatus;
}
const pastStatus = weighted(terminalPast);
const currentStatus = weighted(current);
const futureStatus = weighted(future);

/** A UUID (version 4 layout) from the seeded sequence, so every run seeds the same residents. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(random() * 4) & 3) | 8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * Permits per resident: most hold 5–40 (few near 40), the heavy ones share what is left of the
 * total unevenly (weights r⁴ + 0.2), so a handful hold thousands and most of them hundreds.
 */
function permitCounts(
  plan: CouncilPlan,
  random: () => number,
): { counts: Int32Array; heavy: number[] } {
  const counts = new Int32Array(plan.residents);
  const heavyCount = Math.max(1, Math.round(plan.residents * plan.heavyShare));
  const heavy = Array.from({ length: heavyCount }, (_, index) =>
    Math.floor((index * plan.residents) / heavyCount),
  );
  const heavySet = new Set(heavy);
  let normalTotal = 0;
  for (let resident = 0; resident < plan.residents; resident += 1) {
    if (heavySet.has(resident)) continue;
    counts[resident] = 5 + Math.floor(36 * random() ** 5);
    normalTotal += counts[resident] as number;
  }
  const remaining = plan.permits - normalTotal;
  if (remaining < heavyCount) {
    throw new Error(`The plan leaves the heavy residents ${remaining} permits: raise its total.`);
  }
  const weights = heavy.map(() => random() ** 4 + 0.2);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  let given = 0;
  heavy.forEach((resident, index) => {
    const share = Math.max(1, Math.floor((remaining * (weights[index] as number)) / weightSum));
    counts[resident] = share;
    given += share;
  });
  // Rounding leaves a few over: the first heavy resident takes them.
  const firstHeavy = heavy[0] as number;
  counts[firstHeavy] = (counts[firstHeavy] as number) + remaining - given;
  return { counts, heavy };
}

/** Rows of COPY's text format in chunks of this many lines. */
const chunkLines = 2_000;

function copyText(values: Array<string | null>): string {
  return values.map((value) => (value === null ? '\\N' : value)).join('\t');
}

async function copyRows(
  pool: Pool,
  statement: string,
  lines: () => Generator<string>,
): Promise<number> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    const chunks = function* () {
      let chunk: string[] = [];
      for (const line of lines()) {
        chunk.push(line);
        if (chunk.length === chunkLines) {
          yield `${chunk.join('\n')}\n`;
          chunk = [];
        }
      }
      if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
    };
    await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
  return performance.now() - started;
}

/**
 * A council's two years: `plan.residents` residents and `plan.permits` permits, streamed into the
 * migrated tables with `COPY ... FROM STDIN` (the tables keep every index and constraint the
 * migrations give them; the bench adds none). Permits arrive in the order they were created, the
 * residents' interleaved, as on a live site; each permit's status follows from where its period
 * lies against now (finished ones mostly EXPIRED or CANCELLED, current ones mostly ACTIVE, future
 * ones SCHEDULED), and every status occurs. Seeded from a fixed number: every run seeds the same.
 */
export async function seedCouncil(
  pool: Pool,
  plan: CouncilPlan = councilPlan,
  now = Date.now(),
): Promise<CouncilData> {
  const random = randomSequence(20_261_125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const residentIds = Array.from({ length: plan.residents }, () => seededUuid(random));
  const { counts, heavy } = permitCounts(plan, random);

  const residentsMs = await copyRows(
    pool,
    'COPY "users" ("id", "email", "first_name", "last_name", "password_hash", "permit_limit", "created_at") FROM STDIN',
    function* () {
      const joined = new Date(now - plan.days * dayMs - dayMs).toISOString();
      for (const [index, id] of residentIds.entries()) {
        yield copyText([
          id,
          `council-resident-${index}@kerbside.test`,
          pick(firstNames) || 'Pat',
          pick(lastNames) || 'Doe',
          // Not a hash of any password: these residents are signed in with custom tokens.
          'bench-seed-no-login',
          '5',
          joined,
        ]);
      }
    },
  );

  // Each permit slot on the time line, oldest first, belongs to a resident drawn without
  // replacement from everyone's permits (a Fisher–Yates shuffle of the owners).
  const owners = new Int32Array(plan.permits);
  let filled = 0;
  counts.forEach((count, resident) => {
    owners.fill(resident, filled, filled + count);
    filled += count;
  });
  for (let index = owners.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const swap = owners[index] as number;
    owners[index] = owners[other] as number;
    owners[other] = swap;
  }

  // As pg_restore does: migration 0004's indexes are taken away for the load and built again
  // afterwards by the migration's own statements (permit-indexes.ts), which is several times faster
  // than keeping two trigram GIN indexes up to date row by row. The constraints' indexes stay.
  const indexClient = await pool.connect();
  const indexDb = drizzle({ client: indexClient, schema });
  try {
    await permitIndexes.drop(indexDb);
  } finally {
    indexClient.release();
  }

  const statusCounts: Record<string, number> = {};
  const first = now - plan.days * dayMs;
  const spacing = (plan.days * dayMs) / plan.permits;
  const permitsMs = await copyRows(
    pool,
    'COPY "permits" ("user_id", "reference_no", "vrm", "make", "model", "colour", "driver_first", "driver_last", "status", "start_ts", "end_ts", "activated_at", "provider_ref", "created_at", "updated_at") FROM STDIN',
    function* () {
      for (let slot = 0; slot < plan.permits; slot += 1) {
        const created = first + slot * spacing + random() * spacing;
        // Seven in ten start at once; the rest are booked an hour to a week ahead.
        const lead = random() < 0.7 ? random() * 10 * 60_000 : hourMs + random() * 7 * dayMs;
        const start = created + lead;
        const end = start + hourMs + Math.floor(random() * 8) * 3 * hourMs;
        const draw = random();
        const status =
          end <= now ? pastStatus(draw) : start <= now ? currentStatus(draw) : futureStatus(draw);
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
        const [make, model] = pick(vehicles);
        const activated = !neverActivated.includes(status);
        yield copyText([
          residentIds[owners[slot] as number] as string,
          `K${String(slot + 1).padStart(7, '0')}`,
          randomVrm(pick),
          make,
          model,
          pick(colours),
          pick(firstNames),
          pick(lastNames),
          status,
          new Date(start).toISOString(),
          new Date(end).toISOString(),
          activated ? new Date(start).toISOString() : null,
          activated ? `PRV-K${slot + 1}` : null,
          new Date(created).toISOString(),
          new Date(Math.min(now, Math.max(created, end))).toISOString(),
        ]);
      }
    },
  );

  const indexesStarted = performance.now();
  const rebuildClient = await pool.connect();
  try {
    await rebuildClient.query(`SET maintenance_work_mem = '256MB'`);
    await permitIndexes.create(drizzle({ client: rebuildClient, schema }));
  } finally {
    rebuildClient.release();
  }
  const indexesMs = performance.now() - indexesStarted;

  const analyzeStarted = performance.now();
  // What autovacuum would have done on a live site: fresh statistics and visibility map.
  await pool.query('VACUUM ANALYZE "users", "permits"');
  const analyzeMs = performance.now() - analyzeStarted;

  return {
    residentIds,
    permitCounts: counts,
    heavy,
    totalPermits: plan.permits,
    timings: { residentsMs, permitsMs, indexesMs, analyzeMs },
    statusCounts,
  };
}
