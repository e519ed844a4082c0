import type { ParkingProvider, ProviderPermit } from '../../server/provider/parking-provider';
import { createSimulatedParkingProvider } from '../../server/provider/simulated-parking-provider';
import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import {
  insertPermit,
  insertResident,
  permitReaching,
  testReconcilerSettings,
} from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(30_000);

// A short lease: a reconciler that died holding a permit lets go of it within a second.
const settings = { ...testReconcilerSettings, leaseMs: 1000 };

let database: TestDatabase;
const reconcilers: Reconciler[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterEach(async () => {
  await Promise.all(reconcilers.splice(0).map((reconciler) => reconciler.stop()));
});

afterAll(async () => {
  await database?.close();
});

function startReconciler(provider: ParkingProvider): Reconciler {
  const reconciler = createReconciler({ db: database.db, provider, settings });
  reconcilers.push(reconciler);
  reconciler.start();
  return reconciler;
}

/**
 * The simulated provider, with a fault injected into the first create: the provider carries it
 * out, and then `afterAcceptance` decides what becomes of the answer on our side.
 */
function providerFailingAfterAcceptance(
  afterAcceptance: (signal: AbortSignal | undefined) => Promise<never>,
) {
  const simulated = createSimulatedParkingProvider({ latencyMs: 0, failureRate: 0 });
  const keys: string[] = [];
  let faulted = false;
  const provider: ParkingProvider = {
    ...simulated,
    create: async (permit: ProviderPermit, signal?: AbortSignal) => {
      keys.push(permit.idempotencyKey);
      const reference = await simulated.create(permit, signal);
      if (faulted) return reference;
      faulted = true;
      return afterAcceptance(signal);
    },
  };
  return { provider, simulated, keys };
}

describe('a create the provider accepted but we never committed', () => {
  it.each([
    [
      'the answer is lost on the way back',
      () => Promise.reject(new Error('Failed to sync with parking provider: connection reset')),
    ],
    [
      'the answer comes after we stopped waiting',
      (signal: AbortSignal | undefined) =>
        new Promise<never>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    ],
  ])('is retried with the same key when %s: one provider permit', async (_label, fault) => {
    const { provider, simulated, keys } = providerFailingAfterAcceptance(fault);
    const id = await insertPermit(database.db, await insertResident(database.db), {
      status: 'QUEUED',
    });

    startReconciler(provider);
    const permit = await permitReaching(database.db, id, 'ACTIVE');

    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(simulated.createdReferences()).toEqual([permit.providerRef]);
  });

  it('is finished by another process with the same key after the first died mid-step', async () => {
    // The first process is "killed" right after the provider accepted: its call never returns,
    // so it never commits; the second process takes the permit over once the lease runs out.
    let endTheDeadCall: (error: Error) => void = () => {};
    const dead = new Promise<never>((_resolve, reject) => (endTheDeadCall = reject));
    const { provider, simulated, keys } = providerFailingAfterAcceptance(() => dead);
    const id = await insertPermit(database.db, await insertResident(database.db), {
      status: 'QUEUED',
    });
    startReconciler(provider);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(keys).toHaveLength(1);

    startReconciler(provider);
    const permit = await permitReaching(database.db, id, 'ACTIVE');
    endTheDeadCall(new Error('The process was killed.'));

    expect(new Set(keys).size).toBe(1);
    expect(simulated.createdReferences()).toEqual([permit.providerRef]);
  });
});
