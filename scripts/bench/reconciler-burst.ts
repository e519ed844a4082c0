import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'pg';
import { openDatabase } from '../../server/db/database';
import {
  readCallLog,
  startWorker,
  type WorkerProcess,
} from '../../test/server/support/worker-process';

export interface BurstFigures {
  permits: number;
  workers: number;
  /** Whether one worker was killed with SIGKILL part-way through. */
  killed: boolean;
  leaseMs: number;
  /** From the burst's insert to the last QUEUED permit gone; null when it did not drain in time. */
  drainedMs: number | null;
  /** How many of the burst's permits ended ACTIVE. */
  active: number;
  /** Permits the provider's log shows with exactly one distinct idempotency key for their create. */
  onceByKey: number;
  /** Permits with create calls under more than one key (each would be a second real permit). */
  twiceByKey: number;
  /** Permits the provider never saw. */
  neverCalled: number;
  /** Create calls repeated with the same key (a killed worker's, retried after its lease). */
  repeatedCalls: number;
}

/** Gives up waiting this long after the lease would have let every killed claim go. */
const drainSlackMs = 60_000;

/**
 * Issue 37's burst: `permits` permits queued at once (one INSERT) in a database of their own on
 * the same PostgreSQL server, worked off by two `npm run worker` processes against the simulated
 * provider at `providerLatencyMs`; with `kill`, the first worker is killed with SIGKILL once a
 * fifth are done. The provider's call log (PROVIDER_CALL_LOG, one line per call with its
 * idempotency key) is the count of what reached the provider.
 */
export async function reconcilerBurst(options: {
  databaseUrl: string;
  /** A pool on the server's main database, where the burst's own database is created. */
  pool: Pool;
  permits: number;
  providerLatencyMs: number;
  leaseMs: number;
  kill: boolean;
}): Promise<BurstFigures> {
  const name = `kerbside_burst_${options.kill ? 'kill' : 'plain'}`;
  await options.pool.query(`CREATE DATABASE "${name}"`);
  const url = new URL(options.databaseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const connection = await openDatabase({ databaseUrl });
  await connection.close();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kerbside-burst-'));
  const callLog = path.join(directory, 'provider-calls.jsonl');
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const workers: WorkerProcess[] = [];
  try {
    for (let index = 0; index < 2; index += 1) {
      workers.push(
        startWorker({
          DATABASE_URL: databaseUrl,
          DATA_DIR: directory,
          LOG_LEVEL: 'info',
          PROVIDER_CALL_LOG: callLog,
          PROVIDER_LATENCY_MS: String(options.providerLatencyMs),
          PROVIDER_FAILURE_RATE: '0',
          RECONCILER_INTERVAL_MS: '200',
          RECONCILER_BATCH_SIZE: '50',
          RECONCILER_LEASE_MS: String(options.leaseMs),
        }),
      );
    }
    await Promise.all(workers.map((worker) => worker.ready));

    const residents = Math.max(1, Math.ceil(options.permits / 100));
    await pool.query(
      `INSERT INTO "users" ("email", "first_name", "last_name", "password_hash", "permit_limit")
       SELECT 'burst-' || n || '@kerbside.test', 'Burst', 'Resident', 'bench-seed-no-login', 1000
       FROM generate_series(1, $1::integer) AS n`,
      [residents],
    );
    const started = Date.now();
    await pool.query(
      `INSERT INTO "permits" ("user_id", "reference_no", "vrm", "make", "model", "status", "start_ts", "end_ts")
       SELECT u.id, 'B' || g, 'B' || g, 'Ford', 'Fiesta', 'QUEUED', now(), now() + interval '2 hours'
       FROM generate_series(1, $1::integer) AS g
       JOIN (SELECT "id", row_number() OVER (ORDER BY "id") - 1 AS n FROM "users") AS u
         ON u.n = g % $2::integer`,
      [options.permits, residents],
    );
    const count = async (status: string) =>
      Number(
        (
          await pool.query<{ n: string }>(
            'SELECT count(*) AS "n" FROM "permits" WHERE "status" = $1',
            [status],
          )
        ).rows[0]?.n,
      );
    const deadline = started + 60_000 + options.leaseMs + drainSlackMs;
    let drainedMs: number | null = null;
    let killed = false;
    while (Date.now() < deadline) {
      const queued = await count('QUEUED');
      if (queued === 0) {
        drainedMs = Date.now() - started;
        break;
      }
      if (options.kill && !killed && queued <= options.permits * 0.8) {
        await workers[0]?.stop('SIGKILL');
        killed = true;
      }
      await delay(100);
    }
    const active = await count('ACTIVE');

    const keys = new Map<number, Set<string>>();
    let calls = 0;
    for (const call of readCallLog(callLog)) {
      if (call.operation !== 'create') continue;
      calls += 1;
      const own = keys.get(call.permitId) ?? new Set<string>();
      own.add(call.idempotencyKey ?? '');
      keys.set(call.permitId, own);
    }
    const perPermit = [...keys.values()].map((own) => own.size);
    return {
      permits: options.permits,
      workers: workers.length,
      killed,
      leaseMs: options.leaseMs,
      drainedMs,
      active,
      onceByKey: perPermit.filter((size) => size === 1).length,
      twiceByKey: perPermit.filter((size) => size > 1).length,
      neverCalled: options.permits - keys.size,
      repeatedCalls: calls - keys.size,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    await pool.end();
    rmSync(directory, { recursive: true, force: true });
  }
}
