import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'pg';
import { openDatabase } from '../../server/db/database';
import { readCallLog, startWorker, type WorkerProcess } from '../stack/worker-process';

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
  /** The longest wait of the queue's oldest permit, as the workers' metrics reported it. */
  maxQueueAgeSeconds: number;
  /** The workers' provider calls by outcome (kerbside_provider_calls_total, surviving workers). */
  providerOutcomes: Record<string, number>;
}

/** One sample of a worker's /metrics (server/ops/ops-metrics.ts). */
async function scrape(url: string, secret: string): Promise<string> {
  const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${secret}` } });
  if (answer.status !== 200) throw new Error(`${url}/metrics answered ${answer.status}.`);
  return answer.text();
}

function metric(text: string, name: string): number {
  const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
  if (value === undefined) throw new Error(`No ${name} in the metrics.`);
  return Number(value);
}

/**
 * Waits this long past the target (60 s, plus the lease when a worker is killed) before giving up,
 * so that a slow drain is reported with its real time and a stuck permit still shows as one.
 */
const drainSlackMs = 180_000;

/**
 * Issue 37's burst: `permits` permits queued at once (one INSERT) in a database of their own on
 * the same PostgreSQL server, worked off by two `npm run worker` processes against the simulated
 * provider at `providerLatencyMs`; with `kill`, the first worker is killed with SIGKILL once a
 * fifth are done. The queue's depth and age are read from the workers' own metrics (OPS_PORT,
 * server/ops/ops-metrics.ts), as an operator would; the provider's call log (PROVIDER_CALL_LOG,
 * one line per call with its idempotency key) is the count of what reached the provider.
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
  const opsUrls: string[] = [];
  const secret = randomBytes(24).toString('hex');
  try {
    for (let index = 0; index < 2; index += 1) {
      workers.push(
        startWorker({
          // A port the system chooses as the worker binds it, read back from its log: a port found
          // free before the worker started could be taken by then.
          OPS_PORT: '0',
          OPS_SECRET: secret,
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
    for (const { opsUrl } of await Promise.all(workers.map((worker) => worker.ready))) {
      if (!opsUrl) throw new Error('A worker did not say where its operator endpoints are.');
      opsUrls.push(opsUrl);
    }

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
         ON u.n = g % $2::integer
       ORDER BY g`,
      [options.permits, residents],
    );
    // The queue as an operator sees it: from the metrics of a worker that is still running.
    const queueMetrics = async () => {
      const text = await scrape(opsUrls[killed ? 1 : 0] as string, secret);
      return {
        depth: metric(text, 'kerbside_reconciler_queue_depth'),
        age: metric(text, 'kerbside_reconciler_queue_oldest_age_seconds'),
      };
    };
    let maxQueueAgeSeconds = 0;
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
      const { depth: queued, age } = await queueMetrics();
      maxQueueAgeSeconds = Math.max(maxQueueAgeSeconds, age);
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
    const providerOutcomes: Record<string, number> = {};
    const outcomes = await scrape(opsUrls[1] as string, secret);
    for (const match of outcomes.matchAll(
      /^kerbside_provider_calls_total\{operation="(\w+)",outcome="(\w+)"\} (\S+)$/gm,
    )) {
      providerOutcomes[`${match[1]} ${match[2]}`] = Number(match[3]);
    }

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
      maxQueueAgeSeconds,
      providerOutcomes,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    await pool.end();
    rmSync(directory, { recursive: true, force: true });
  }
}
