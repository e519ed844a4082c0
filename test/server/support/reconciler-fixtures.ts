import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/db/database';
import { permits, siteSettings, users, type PermitRow } from '../../../server/db/schema';
import type {
  ParkingProvider,
  ProviderOperation,
  ProviderPermit,
} from '../../../server/provider/parking-provider';
import {
  createSimulatedParkingProvider,
  type ProviderOutcome,
} from '../../../server/provider/simulated-parking-provider';
import type { ReconcilerSettings } from '../../../server/reconciler/reconciler-settings';

/** Fast enough for tests, slow enough to see each step. */
export const testReconcilerSettings: ReconcilerSettings = {
  intervalMs: 10,
  batchSize: 5,
  maxAttempts: 3,
  backoffMs: 40,
  maxBackoffMs: 1000,
  leaseMs: 5000,
};

export const minute = 60_000;
export const hour = 60 * minute;

/**
 * Within the calling `describe`, the site caps activations at `limit` a month, and has no cap
 * again after each test. `db` is read when each test starts (the database opens in `beforeAll`).
 */
export function withMonthlyActivationCap(db: () => Database, limit: number): void {
  beforeEach(async () => {
    await db()
      .update(siteSettings)
      .set({ permitCapType: 'monthly', permitCapLimit: limit })
      .where(eq(siteSettings.id, 1));
  });
  afterEach(async () => {
    await db().update(siteSettings).set({ permitCapLimit: 0 }).where(eq(siteSettings.id, 1));
  });
}

/** A resident inserted directly, with the given concurrent-permit limit. */
export async function insertResident(db: Database, permitLimit = 10): Promise<string> {
  const [resident] = await db
    .insert(users)
    .values({
      email: `reconciler-${randomUUID()}@kerbside.test`,
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: 'not-a-real-hash',
      permitLimit,
    })
    .returning({ id: users.id });
  if (!resident) throw new Error('No resident inserted.');
  return resident.id;
}

let serial = 0;

/** A permit row as the routes would have left it; a vehicle and reference of its own. */
export function permitValues(
  userId: string,
  changes: Partial<typeof permits.$inferInsert> = {},
): typeof permits.$inferInsert {
  serial += 1;
  const unique = `${process.pid}X${serial}`;
  return {
    userId,
    referenceNo: `REF-${unique}`,
    vrm: `RC${unique}`,
    make: 'Ford',
    model: 'Focus',
    status: 'QUEUED',
    startTs: new Date(Date.now() - minute),
    endTs: new Date(Date.now() + hour),
    ...changes,
  };
}

export async function insertPermits(
  db: Database,
  rows: Array<typeof permits.$inferInsert>,
): Promise<number[]> {
  const inserted = await db.insert(permits).values(rows).returning({ id: permits.id });
  return inserted.map((row) => row.id);
}

export async function insertPermit(
  db: Database,
  userId: string,
  changes: Partial<typeof permits.$inferInsert> = {},
): Promise<number> {
  const [id] = await insertPermits(db, [permitValues(userId, changes)]);
  if (id === undefined) throw new Error('No permit inserted.');
  return id;
}

export async function readPermits(db: Database, ids: number[]): Promise<PermitRow[]> {
  return db.select().from(permits).where(inArray(permits.id, ids)).orderBy(permits.id);
}

export async function readPermit(db: Database, id: number): Promise<PermitRow> {
  const [row] = await readPermits(db, [id]);
  if (!row) throw new Error(`No permit ${id}.`);
  return row;
}

/** Polls until `check` answers a value, or fails after timeoutMs. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Not reached within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The permit once its status is one of `statuses`. */
export function permitReaching(
  db: Database,
  id: number,
  ...statuses: PermitRow['status'][]
): Promise<PermitRow> {
  return eventually(async () => {
    const row = await readPermit(db, id);
    return statuses.includes(row.status) && row.leaseExpiresAt === null ? row : undefined;
  });
}

export interface RecordedCall {
  operation: ProviderOperation;
  permit: ProviderPermit;
  at: number;
}

export interface RecordingProvider {
  provider: ParkingProvider;
  calls: RecordedCall[];
  callsFor(permitId: number): RecordedCall[];
  /** Decides outcomes from now on (undefined: succeed). */
  script: (call: {
    operation: ProviderOperation;
    permit: ProviderPermit;
  }) => ProviderOutcome | undefined;
  /** Holds the next calls of `operation` until the returned function is called. */
  hold(operation: ProviderOperation): () => void;
}

/** The simulated provider (never failing on its own), recording every call it receives. */
export function recordingProvider(latencyMs = 0): RecordingProvider {
  const holds = new Map<ProviderOperation, Promise<void>>();
  const recorder: RecordingProvider = {
    calls: [],
    callsFor: (permitId) => recorder.calls.filter((call) => call.permit.id === permitId),
    script: () => undefined,
    hold(operation) {
      let release = () => {};
      holds.set(
        operation,
        new Promise((resolve) => {
          release = () => {
            holds.delete(operation);
            resolve();
          };
        }),
      );
      return release;
    },
    provider: {} as ParkingProvider,
  };
  const simulated = createSimulatedParkingProvider({
    latencyMs,
    failureRate: 0,
    script: (call) => recorder.script(call),
  });
  const operations: ProviderOperation[] = ['create', 'update', 'cancel', 'expire'];
  recorder.provider = Object.fromEntries(
    operations.map((operation) => [
      operation,
      async (permit: ProviderPermit, signal?: AbortSignal) => {
        recorder.calls.push({ operation, permit, at: Date.now() });
        await holds.get(operation);
        return simulated[operation](permit, signal);
      },
    ]),
  ) as ParkingProvider;
  return recorder;
}
