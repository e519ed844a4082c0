import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import {
  eventually,
  insertPermit,
  insertResident,
  withMonthlyActivationCap,
  permitReaching,
  recordingProvider,
  testReconcilerSettings,
} from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(60_000);

let database: TestDatabase;
let reconciler: Reconciler | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterEach(async () => {
  await reconciler?.stop();
  reconciler = undefined;
});

afterAll(async () => {
  await database?.close();
});

describe('a reconciler under a burst', () => {
  it('calls the provider for a whole batch side by side, and for no more than a batch', async () => {
    const recorder = recordingProvider();
    const ids: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      ids.push(
        await insertPermit(database.db, await insertResident(database.db), { status: 'QUEUED' }),
      );
    }
    const release = recorder.hold('create');
    reconciler = createReconciler({
      db: database.db,
      provider: recorder.provider,
      settings: { ...testReconcilerSettings, batchSize: 8 },
    });
    reconciler.start();

    // Every call of the first batch is under way at once while the provider holds them, ...
    await eventually(async () => recorder.calls.length >= 8);
    // ... and no ninth starts, however long they take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recorder.calls).toHaveLength(8);

    release();
    const finals = await Promise.all(ids.map((id) => permitReaching(database.db, id, 'ACTIVE')));
    expect(finals.map((permit) => permit.status)).toEqual(ids.map(() => 'ACTIVE'));
    expect(recorder.calls.map((call) => call.permit.id).sort((a, b) => a - b)).toEqual(ids);
  });

  describe('with an activation cap of 3 a month', () => {
    withMonthlyActivationCap(() => database.db, 3);

    it("activates exactly 3 of one resident's 12 permits claimed together", async () => {
      const recorder = recordingProvider();
      const resident = await insertResident(database.db, 100);
      const ids: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        ids.push(await insertPermit(database.db, resident, { status: 'QUEUED' }));
      }
      reconciler = createReconciler({
        db: database.db,
        provider: recorder.provider,
        settings: { ...testReconcilerSettings, batchSize: 12 },
      });
      reconciler.start();

      const finals = await Promise.all(
        ids.map((id) => permitReaching(database.db, id, 'ACTIVE', 'FAILED_LIMIT')),
      );
      const statuses = finals.map((permit) => permit.status);
      expect(statuses.filter((status) => status === 'ACTIVE')).toHaveLength(3);
      expect(statuses.filter((status) => status === 'FAILED_LIMIT')).toHaveLength(9);
      expect(recorder.calls).toHaveLength(3);
      expect(finals.filter((permit) => permit.activatedAt !== null)).toHaveLength(3);
    });
  });
});
