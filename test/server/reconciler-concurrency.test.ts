import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/db/database';
import type { ProviderOperation } from '../../server/provider/parking-provider';
import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import { startApi } from '../../server/start-api';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import {
  eventually,
  hour,
  insertPermit,
  insertPermits,
  insertResident,
  permitReaching,
  permitValues,
  readPermits,
  recordingProvider,
  testReconcilerSettings,
} from './support/reconciler-fixtures';
import type { PermitRow } from '../../server/db/schema';
import { emulatorHost, projectId, webOrigin } from '../../scripts/stack/test-api';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { readCallLog, startWorker, type WorkerProcess } from '../../scripts/stack/worker-process';

jest.setTimeout(120_000);

const finalStatus: Record<ProviderOperation, PermitRow['status']> = {
  create: 'ACTIVE',
  cancel: 'CANCELLED',
  update: 'ACTIVE',
  expire: 'EXPIRED',
};

interface Work {
  ids: number[];
  /** The one provider step each permit needs. */
  stepOf: Map<number, ProviderOperation>;
}

/** Many permits for several residents, each needing one provider step. */
async function insertWork(db: Database, perKind: number): Promise<Work> {
  const residents = await Promise.all([1, 2, 3, 4].map(() => insertResident(db, 10_000)));
  const resident = (index: number) => residents[index % residents.length] ?? '';
  const kinds: Array<[ProviderOperation, (index: number) => ReturnType<typeof permitValues>]> = [
    ['create', (index) => permitValues(resident(index), { status: 'QUEUED' })],
    [
      'cancel',
      (index) => permitValues(resident(index), { status: 'CANCEL_PENDING', providerRef: 'PRV-C' }),
    ],
    [
      'update',
      (index) =>
        permitValues(resident(index), {
          status: 'UPDATE_PENDING',
          providerRef: 'PRV-U',
          pendingEndTs: new Date(Date.now() + 2 * hour),
        }),
    ],
    [
      'expire',
      (index) =>
        permitValues(resident(index), {
          status: 'ACTIVE',
          providerRef: 'PRV-E',
          startTs: new Date(Date.now() - 2 * hour),
          endTs: new Date(Date.now() - 1000),
        }),
    ],
  ];
  const stepOf = new Map<number, ProviderOperation>();
  for (const [operation, values] of kinds) {
    const ids = await insertPermits(
      db,
      Array.from({ length: perKind }, (_, index) => values(index)),
    );
    for (const id of ids) stepOf.set(id, operation);
  }
  return { ids: [...stepOf.keys()], stepOf };
}

async function allDone(db: Database, work: Work): Promise<PermitRow[]> {
  return eventually(async () => {
    const rows = await readPermits(db, work.ids);
    return rows.every(
      (row) =>
        row.status === finalStatus[work.stepOf.get(row.id) ?? 'create'] && !row.leaseExpiresAt,
    )
      ? rows
      : undefined;
  }, 60_000);
}

/** "operation:permitId" of every call, counted. */
function callCounts(calls: Array<{ operation: string; permitId: number }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = `${call.operation}:${call.permitId}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function expectEachStepCalledOnce(
  work: Work,
  calls: Array<{ operation: string; permitId: number }>,
): void {
  const expected = new Map(work.ids.map((id) => [`${work.stepOf.get(id)}:${id}`, 1]));
  expect(callCounts(calls.filter((call) => work.stepOf.has(call.permitId)))).toEqual(expected);
}

describe('two reconcilers sharing one PGlite database', () => {
  let database: TestDatabase;
  let reconcilers: Reconciler[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(reconcilers.map((reconciler) => reconciler.stop()));
    await database?.close();
  });

  it('never call the provider twice for the same permit step', async () => {
    const recorders = [recordingProvider(2), recordingProvider(2)];
    reconcilers = recorders.map((recorder) =>
      createReconciler({
        db: database.db,
        provider: recorder.provider,
        settings: testReconcilerSettings,
      }),
    );
    const work = await insertWork(database.db, 40);
    for (const reconciler of reconcilers) reconciler.start();

    await allDone(database.db, work);
    const calls = recorders.flatMap((recorder) =>
      recorder.calls.map((call) => ({ operation: call.operation, permitId: call.permit.id })),
    );
    expectEachStepCalledOnce(work, calls);
    for (const recorder of recorders) expect(recorder.calls.length).toBeGreaterThan(0);
  });
});

describe('reconcilers against one PostgreSQL server', () => {
  let postgres: PostgresServer;
  let db: Database;
  let closeDatabase: () => Promise<void>;
  let logDirectory: string;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const connection = await openDatabase({ databaseUrl: postgres.url });
    db = connection.db;
    closeDatabase = connection.close;
    logDirectory = mkdtempSync(path.join(tmpdir(), 'kerbside-provider-calls-'));
  });

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    workers = [];
  });

  afterAll(async () => {
    await closeDatabase?.();
    await postgres?.stop();
    rmSync(logDirectory, { recursive: true, force: true });
  });

  function workerEnvironment(callLog: string, overrides: Record<string, string> = {}) {
    return {
      DATABASE_URL: postgres.url,
      PROVIDER_CALL_LOG: callLog,
      PROVIDER_LATENCY_MS: '5',
      PROVIDER_FAILURE_RATE: '0',
      RECONCILER_INTERVAL_MS: '20',
      RECONCILER_BATCH_SIZE: '5',
      ...overrides,
    };
  }

  it('runs in the API process by default, and not when told otherwise', async () => {
    const recorder = recordingProvider();
    const api = await startApi({
      databaseUrl: postgres.url,
      webOrigin,
      authEmulatorHost: emulatorHost(),
      projectId: projectId(),
      reconciler: { settings: testReconcilerSettings, provider: recorder.provider },
    });
    try {
      const resident = await insertResident(db);
      const id = await insertPermit(db, resident, { status: 'QUEUED' });
      await permitReaching(db, id, 'ACTIVE');
      expect(recorder.callsFor(id).map((call) => call.operation)).toEqual(['create']);
    } finally {
      await api.close();
    }

    const quiet = await startApi({
      databaseUrl: postgres.url,
      webOrigin,
      authEmulatorHost: emulatorHost(),
      projectId: projectId(),
      reconciler: false,
    });
    const resident = await insertResident(db);
    const id = await insertPermit(db, resident, { status: 'QUEUED' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await quiet.close();
    const [untouched] = await readPermits(db, [id]);
    expect(untouched?.status).toBe('QUEUED');
    expect(quiet.reconciler).toBeUndefined();
  });

  it('two worker processes never call the provider twice for the same permit step', async () => {
    const callLog = path.join(logDirectory, 'two-workers.jsonl');
    workers = [startWorker(workerEnvironment(callLog)), startWorker(workerEnvironment(callLog))];
    await Promise.all(workers.map((worker) => worker.ready));
    const work = await insertWork(db, 75);

    await allDone(db, work);
    const calls = readCallLog(callLog);
    expectEachStepCalledOnce(work, calls);
    const pids = new Set(calls.map((call) => call.pid));
    expect([...pids].sort()).toEqual(workers.map((worker) => worker.pid).sort());

    // Graceful stop: each finishes what it holds and exits 0.
    const codes = await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    workers = [];
    expect(codes).toEqual([0, 0]);
  });

  it('picks up a permit whose worker was killed mid-call once the lease runs out', async () => {
    const callLog = path.join(logDirectory, 'killed.jsonl');
    const leaseMs = 3000;
    const stuck = startWorker(
      workerEnvironment(callLog, {
        PROVIDER_LATENCY_MS: '60000',
        RECONCILER_LEASE_MS: String(leaseMs),
      }),
    );
    workers = [stuck];
    await stuck.ready;
    const resident = await insertResident(db);
    const id = await insertPermit(db, resident, { status: 'QUEUED' });
    await eventually(async () => readCallLog(callLog).some((call) => call.permitId === id));
    expect(await stuck.stop('SIGKILL')).toBeNull();
    const [claimed] = await readPermits(db, [id]);
    expect(claimed?.status).toBe('QUEUED');
    expect(claimed?.leaseExpiresAt).not.toBeNull();

    const successor = startWorker(workerEnvironment(callLog));
    workers = [successor];
    await successor.ready;
    const permit = await permitReaching(db, id, 'ACTIVE');
    const calls = readCallLog(callLog).filter((call) => call.permitId === id);
    expect(calls.map((call) => [call.pid, call.operation])).toEqual([
      [stuck.pid, 'create'],
      [successor.pid, 'create'],
    ]);
    expect(calls[1]?.at).toBeGreaterThanOrEqual(claimed?.leaseExpiresAt?.getTime() ?? Infinity);
    expect(permit.providerRef).toMatch(new RegExp(`^PRV-${id}-`));
  });
});
