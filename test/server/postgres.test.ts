import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import { permitStatuses } from '../../contract/permit-status';
import { openDatabase } from '../../server/db/database';
import { preparedPerDatabase } from '../../server/db/prepared-per-database';
import * as schema from '../../server/db/schema';
import { listPermits, parsePermitListQuery } from '../../server/permits/list-permits';
import { dispatchAdminCommand } from '../../server/admin/dispatch-admin-command';
import { defaultDemoInviteCode } from '../../server/admin/admin-command';
import { startApi, type RunningApi } from '../../server/start-api';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import { eventually, insertResident, permitValues } from './support/reconciler-fixtures';
import {
  call,
  customTokenOf,
  emulatorHost,
  projectId,
  registration,
  signInWithCustomToken,
  strongPassword,
  webOrigin,
} from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

const repositoryRoot = path.resolve(__dirname, '../..');

let postgres: PostgresServer;
let apis: RunningApi[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  // Two API processes' worth of hosts against one server, started together: the migration
  // lock lets one migrate while the other waits.
  apis = await Promise.all(
    [1, 2].map(() =>
      startApi({
        port: 0,
        databaseUrl: postgres.url,
        webOrigin,
        authEmulatorHost: emulatorHost(),
        projectId: projectId(),
      }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
  await postgres?.stop();
});

function adminWithDatabaseUrl(...args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(repositoryRoot, 'node_modules/.bin/tsx'),
      ['server/cli/admin.ts', ...args],
      { cwd: repositoryRoot, env: { ...process.env, DATABASE_URL: postgres.url }, stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('close', resolve);
  });
}

describe('the API host on PostgreSQL (DATABASE_URL)', () => {
  it('runs the same migrations, extensions included', async () => {
    const pool = new Pool({ connectionString: postgres.url });
    try {
      const { rows } = await pool.query<{ extname: string }>(
        "SELECT extname FROM pg_extension WHERE extname IN ('btree_gist', 'pg_trgm') ORDER BY 1",
      );
      expect(rows.map((row) => row.extname)).toEqual(['btree_gist', 'pg_trgm']);
    } finally {
      await pool.end();
    }
  });

  it('shares residents, invite codes and settings between API processes and the CLI', async () => {
    const [first, second] = apis as [RunningApi, RunningApi];
    expect(
      await adminWithDatabaseUrl('invite', 'create', '--code', 'PG-CODE', '--permit-limit', '4'),
    ).toBe(0);
    expect(await adminWithDatabaseUrl('settings', 'set', 'can_add_reference', 'true')).toBe(0);
    const details = registration('PG-CODE');

    const registered = await call(`${first.url}/api/v1/auth/register/`, 'POST', { body: details });
    const login = await call(`${second.url}/api/v1/auth/login/`, 'POST', {
      body: { email: details.email, password: strongPassword },
    });

    expect(registered.status).toBe(201);
    const idToken = await signInWithCustomToken(customTokenOf(login.body));
    const profile = await call(`${second.url}/api/v1/auth/profile/`, 'GET', {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.body).toMatchObject({ email: details.email, permit_limit: 4 });
    expect((await call(`${first.url}/api/v1/site-settings/`, 'GET')).body).toMatchObject({
      can_add_reference: true,
    });
    const usedUp = await call(`${second.url}/api/v1/auth/register/`, 'POST', {
      body: registration('PG-CODE'),
    });
    expect(usedUp.body).toEqual({ invite_code: ['This invite code has already been used.'] });
  });

  it('lives on when PostgreSQL ends an idle connection, and says so', async () => {
    const lost: Error[] = [];
    const connection = await openDatabase({
      databaseUrl: postgres.url,
      onIdleConnectionLost: (error) => lost.push(error),
    });
    const admin = new Pool({ connectionString: postgres.url, max: 1 });
    try {
      const pidOf = async () => {
        const result = (await connection.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as {
          rows: Array<{ pid: number }>;
        };
        return result.rows[0]?.pid;
      };
      const idle = await pidOf();
      // As a restart, an operator or a proxy would end it while it waits in the pool.
      await admin.query('SELECT pg_terminate_backend($1)', [idle]);
      await eventually(async () => lost.length > 0);
      expect(lost.map((error) => (error as Error & { code?: string }).code)).toEqual(['57P01']);
      // The pool opened another connection for the next statement.
      expect(await pidOf()).not.toBe(idle);
    } finally {
      await admin.end();
      await connection.close();
    }
  });

  const everyStatus = [...permitStatuses];
  it.each([
    [
      "My Permits' first request (every status, one day)",
      'kerbside_dated_permit_list',
      { status: everyStatus, start_date: '2026-06-01T00:00', end_date: '2026-06-01T23:59' },
    ],
    ['a search (every status, all dates)', 'kerbside_plain_permit_search', { search: 'AB12' }],
  ])('plans %s once a connection, not at every request', async (_request, statement, query) => {
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const db = drizzle({ client, schema });
      const residentId = await insertResident(db);
      for (let run = 0; run < 10; run += 1) {
        await listPermits(db, residentId, parsePermitListQuery(query));
      }

      // PostgreSQL plans a prepared statement's first five runs for their values, then keeps its
      // generic plan unless it looks dearer: a statement planned at every run shows none.
      const { rows } = await client.query<{ generic_plans: string }>(
        'SELECT generic_plans FROM pg_prepared_statements WHERE name = $1',
        [statement],
      );
      expect(rows.map((row) => Number(row.generic_plans))).toEqual([5]);
    } finally {
      await client.end();
    }
  });

  it('builds a statement once a connection, not once a transaction, and runs it on the right one', async () => {
    const pool = new Pool({ connectionString: postgres.url, max: 2 });
    try {
      const db = drizzle({ client: pool, schema });
      let builds = 0;
      const permitsOfResident = preparedPerDatabase((tx) => {
        builds += 1;
        return tx
          .select({ vrm: schema.permits.vrm })
          .from(schema.permits)
          .where(eq(schema.permits.userId, sql.placeholder('userId')))
          .prepare('kerbside_test_permits_of_resident');
      });
      const residentId = await insertResident(db);
      // Ten transactions at once over the pool's two connections, each with a permit of its own
      // that only it can see until it ends (each is rolled back): a statement run over another
      // connection would find no permit, or another transaction's.
      const found: Array<{ own: string; seen: string[] }> = [];
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db
            .transaction(async (tx) => {
              const own = permitValues(residentId);
              await tx.insert(schema.permits).values(own);
              const rows = await permitsOfResident(tx).execute({ userId: residentId });
              found.push({ own: own.vrm, seen: rows.map((row) => row.vrm) });
              tx.rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof TransactionRollbackError)) throw error;
            }),
        ),
      );
      expect(found).toHaveLength(10);
      for (const { own, seen } of found) expect(seen).toEqual([own]);
      expect(builds).toBeLessThanOrEqual(2);
    } finally {
      await pool.end();
    }
  });

  it('seeds the demo resident once', async () => {
    const seed = async () =>
      (
        await dispatchAdminCommand(
          { databaseUrl: postgres.url },
          { command: 'demo.seed', inviteCode: defaultDemoInviteCode },
        )
      ).demo;
    const first = await seed();
    const again = await seed();

    expect(first?.created).toBe(true);
    expect(again).toEqual({ ...first, created: false });
  });
});
