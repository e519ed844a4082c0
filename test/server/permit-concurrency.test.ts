import { openDatabase, type DatabaseConnection } from '../../server/db/database';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { startTestApi, type JsonResponse, type TestApi } from '../../scripts/stack/test-api';
import {
  admin,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
} from './support/permit-api';
import type { Database } from '../../server/db/database';

jest.setTimeout(120_000);

function statusesOf(responses: JsonResponse[]): number[] {
  return responses.map((response) => response.status).sort();
}

function describeGuarantees(
  name: string,
  open: () => Promise<{ db: Database; close(): Promise<void> }>,
) {
  describe(`concurrent requests on ${name}`, () => {
    let database: { db: Database; close(): Promise<void> };
    let api: TestApi;

    beforeAll(async () => {
      database = await open();
      api = await startTestApi(database.db);
    });

    afterAll(async () => {
      await api?.close();
      await database?.close();
    });

    afterEach(() => resetSiteSettings(database.db));

    it('creates exactly one of two simultaneous identical permits', async () => {
      const resident = await signedInPermitClient(api.url, database.db);
      const payload = permitPayload();

      const responses = await Promise.all([resident.create(payload), resident.create(payload)]);

      expect(statusesOf(responses)).toEqual([201, 400]);
      expect(responses.find((response) => response.status === 400)?.body).toEqual({
        non_field_errors: ['A permit for this VRM and time already exists'],
      });
      const listed = await resident.get('/api/v1/permits/');
      expect(listed.body).toMatchObject({ count: 1 });
    });

    it('gives a vehicle to each of two residents asking at the same moment, once each', async () => {
      const [first, second] = await Promise.all([
        signedInPermitClient(api.url, database.db),
        signedInPermitClient(api.url, database.db),
      ]);
      const payload = permitPayload();

      const responses = await Promise.all(
        [first, second, first, second].map((resident) => resident.create(payload)),
      );

      expect(statusesOf(responses)).toEqual([201, 201, 400, 400]);
      for (const resident of [first, second]) {
        expect((await resident.get('/api/v1/permits/')).body).toMatchObject({ count: 1 });
      }
    });

    it('creates exactly 5 of 20 parallel permits against a limit of 5', async () => {
      const resident = await signedInPermitClient(api.url, database.db, { permitLimit: 5 });

      const responses = await Promise.all(
        Array.from({ length: 20 }, () => resident.create(permitPayload())),
      );

      expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
      for (const refused of responses.filter((response) => response.status !== 201)) {
        expect(refused).toMatchObject({
          status: 400,
          body: { non_field_errors: ['You have reached your permit limit'] },
        });
      }
      const profile = await resident.get('/api/v1/auth/profile/');
      expect(profile.body).toMatchObject({ active_registrations: 5 });
    });

    it('creates exactly 3 of 12 parallel permits against an activation cap of 3', async () => {
      await admin(database.db, { command: 'cap.set', type: 'quarterly', limit: 3 });
      const resident = await signedInPermitClient(api.url, database.db);

      const responses = await Promise.all(
        Array.from({ length: 12 }, () => resident.create(permitPayload())),
      );

      expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
      const capInfo = await resident.get('/api/v1/permits/permit_cap_info/');
      expect(capInfo.body).toMatchObject({ permits_used: 3, permits_remaining: 0 });
    });
  });
}

describeGuarantees('PGlite', async (): Promise<TestDatabase> => openTestDatabase());

let postgres: PostgresServer | undefined;

afterAll(async () => {
  await postgres?.stop();
});

describeGuarantees('PostgreSQL', async () => {
  postgres = await startPostgres();
  const connection: DatabaseConnection = await openDatabase({ databaseUrl: postgres.url });
  return connection;
});
