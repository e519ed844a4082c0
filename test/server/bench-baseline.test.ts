import { eq } from 'drizzle-orm';
import { Pool } from 'pg';
import { openDatabase, type DatabaseConnection } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { baselinePath, buildBaselineApp } from '../../scripts/bench/baseline-app';
import { seedPermits } from '../../scripts/bench/seed-permits';
import { signedInPermitClient, type PermitPage } from './support/permit-api';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import { call, startTestApi, type TestApi } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

// `npm run bench` reports the permit list as a ratio of a bare baseline route
// (scripts/bench/baseline-app.ts): the ratio means something only if both read the same rows.
let postgres: PostgresServer;
let connection: DatabaseConnection;
let api: TestApi;
let pool: Pool;

beforeAll(async () => {
  postgres = await startPostgres();
  connection = await openDatabase({ databaseUrl: postgres.url });
  api = await startTestApi(connection.db);
  pool = new Pool({ connectionString: postgres.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await api?.close();
  await connection?.close();
  await postgres?.stop();
});

test("the bench's baseline route answers with exactly the permits of the list's first page", async () => {
  const resident = await signedInPermitClient(api.url, connection.db);
  const [registered] = await connection.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, resident.email));
  const residentId = registered!.id;
  await seedPermits(connection.db, {
    residentId,
    residentPermits: 45,
    otherResidents: 3,
    permitsPerOtherResident: 30,
  });
  const baseline = buildBaselineApp({ pool, residentId });
  const baselineUrl = await baseline.listen({ host: '127.0.0.1', port: 0 });
  try {
    const listed = await resident.get('/api/v1/permits/');
    const bare = await call(`${baselineUrl}${baselinePath}`, 'GET');

    expect([listed.status, bare.status]).toEqual([200, 200]);
    const page = listed.body as PermitPage;
    expect(page.count).toBe(45);
    const listedReferences = page.results.map((permit) => permit.reference_no);
    const bareReferences = (bare.body as { results: Array<{ reference_no: string }> }).results.map(
      (permit) => permit.reference_no,
    );
    expect(listedReferences).toHaveLength(20);
    expect(bareReferences).toEqual(listedReferences);
  } finally {
    await baseline.close();
  }
});
