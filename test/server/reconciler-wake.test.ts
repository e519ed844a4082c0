import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import { permitPayload, signedInPermitClient, uniqueVrm } from './support/permit-api';
import {
  eventually,
  insertPermit,
  insertResident,
  readPermit,
  recordingProvider,
  testReconcilerSettings,
} from './support/reconciler-fixtures';
import { startTestApi, type TestApi } from '../../scripts/stack/test-api';
import { openTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(60_000);

// The reconciler polls only once a minute here, so a permit that goes live within seconds was
// woken by the route, not found by a poll.
let database: TestDatabase;
let reconciler: Reconciler;
let api: TestApi;

beforeAll(async () => {
  database = await openTestDatabase();
  reconciler = createReconciler({
    db: database.db,
    provider: recordingProvider().provider,
    settings: { ...testReconcilerSettings, intervalMs: 60_000 },
  });
  api = await startTestApi(database.db, { onPermitChanged: () => reconciler.wake() });
  reconciler.start();
});

afterAll(async () => {
  await api?.close();
  await reconciler?.stop();
  await database?.close();
});

test('a permit created through the API is sent to the provider at once', async () => {
  const resident = await signedInPermitClient(api.url, database.db);
  const created = await resident.create(permitPayload({ vrm: uniqueVrm() }));
  expect(created.status).toBe(201);
  const { id } = created.body as { id: number };

  const live = await eventually(async () => {
    const { body } = await resident.get(
      `/api/v1/permits/?search=${(created.body as { vrm: string }).vrm}`,
    );
    const [permit] = (body as { results: Array<{ id: number; status: string }> }).results;
    return permit?.id === id && permit.status === 'ACTIVE' ? permit : undefined;
  }, 3000);
  expect(live.status).toBe('ACTIVE');
});

test('a permit that appears without a request waits for the next poll', async () => {
  const resident = await insertResident(database.db);
  const id = await insertPermit(database.db, resident, { status: 'QUEUED' });

  await new Promise((resolve) => setTimeout(resolve, 1500));

  expect((await readPermit(database.db, id)).status).toBe('QUEUED');
});
