import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { AttemptThrottle } from '../../server/auth/attempt-throttle';
import { loadOpsConfig } from '../../server/ops/ops-config';
import { createOpsMetrics } from '../../server/ops/ops-metrics';
import { startOpsServer, type RunningOpsServer } from '../../server/ops/start-ops-server';
import { createSimulatedParkingProvider } from '../../server/provider/simulated-parking-provider';
import { insertPermit, insertResident } from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { call, startTestApi, type TestApi } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

// The operator's endpoints (server/ops/): liveness, readiness and Prometheus metrics on a port of
// their own, never on the public API port, metrics only with the ops secret.
const secret = 'ops-secret-for-the-test-0123456789abcdef';
let database: TestDatabase;
let api: TestApi;
let ops: RunningOpsServer;
const metrics = () => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  database = await openTestDatabase();
  const opsMetrics = createOpsMetrics({ db: database.db });
  api = await startTestApi(database.db, {
    metrics: opsMetrics,
    throttles: {
      loginAddress: new AttemptThrottle({ name: 'login-address', limit: 0, windowMs: 60_000 }),
    },
  });
  ops = await startOpsServer(
    { host: '127.0.0.1', port: 0, secret },
    { db: database.db, metrics: opsMetrics },
  );
  // A provider call, counted.
  await opsMetrics
    .countingProvider(createSimulatedParkingProvider({ latencyMs: 0, failureRate: 0 }))
    .create({
      id: 1,
      idempotencyKey: 'test-1',
      vrm: 'AB12CDE',
      startTs: new Date(),
      endTs: new Date(Date.now() + 60_000),
      providerRef: null,
    });
});

afterAll(async () => {
  await ops?.close();
  await api?.close();
  await database?.close();
});

test('liveness and readiness answer on the ops port, and none of the three on the public port', async () => {
  expect((await call(`${ops.url}/livez`, 'GET')).status).toBe(200);
  expect(await call(`${ops.url}/readyz`, 'GET')).toMatchObject({
    status: 200,
    body: { status: 'ready' },
  });
  for (const path of ['/livez', '/readyz', '/metrics']) {
    expect((await call(`${api.url}${path}`, 'GET', { headers: metrics() })).status).toBe(404);
  }
});

test('readiness is 503 while a migration this build ships is missing', async () => {
  const [newest] = await database.db
    .select({ newest: sql<string>`max(created_at)` })
    .from(sql`drizzle.__drizzle_migrations`);
  await database.db.execute(
    sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest?.newest}`,
  );
  try {
    expect(await call(`${ops.url}/readyz`, 'GET')).toMatchObject({
      status: 503,
      body: { status: 'migrations pending' },
    });
  } finally {
    await database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('restored', ${newest?.newest})`,
    );
  }
});

test('metrics need the ops secret', async () => {
  expect((await call(`${ops.url}/metrics`, 'GET')).status).toBe(401);
  expect(
    (await call(`${ops.url}/metrics`, 'GET', { headers: { authorization: 'Bearer wrong' } }))
      .status,
  ).toBe(401);
  const answer = await fetch(`${ops.url}/metrics`, { headers: metrics() });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  await answer.arrayBuffer();
});

test('metrics show request latency per route, throttle refusals, provider outcomes and the queue', async () => {
  const resident = await insertResident(database.db);
  await insertPermit(database.db, resident, { status: 'QUEUED' });
  await call(`${api.url}/api/v1/permits/`, 'GET');
  // The test's sign-in throttle admits nobody, so this sign-in is refused before any check.
  const refused = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
    body: { email: 'nobody@kerbside.test', password: 'Kerbside2024' },
  });
  expect(refused.status).toBe(429);
  const answer = await fetch(`${ops.url}/metrics`, { headers: metrics() });
  const text = await answer.text();
  expect(text).toMatch(
    /kerbside_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/permits",status_code="401"\} 1/,
  );
  expect(text).toMatch(/kerbside_throttle_refusals_total\{route="\/api\/v1\/auth\/login\/?"\} 1/);
  expect(text).toMatch(/kerbside_provider_calls_total\{operation="create",outcome="success"\} 1/);
  expect(text).toMatch(/kerbside_reconciler_queue_depth 1/);
  expect(text).toMatch(/kerbside_reconciler_queue_oldest_age_seconds \d/);
});

test('the ops configuration needs the port and the secret together', () => {
  expect(loadOpsConfig({})).toBeUndefined();
  expect(() => loadOpsConfig({ OPS_PORT: '9100' })).toThrow(/together/);
  expect(() => loadOpsConfig({ OPS_PORT: '9100', OPS_SECRET: 'short' })).toThrow();
  expect(loadOpsConfig({ OPS_PORT: '9100', OPS_SECRET: secret })).toEqual({
    port: 9100,
    host: '127.0.0.1',
    secret,
  });
});

test('whatever is asked of the ops port, the answer is never a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'),
      fc.constantFrom('/livez', '/readyz', '/metrics', '/', '/metrics/x'),
      fc.string({ maxLength: 40 }),
      fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
      async (method, path, query, authorization) => {
        const headers: Record<string, string> = {};
        if (authorization !== undefined && /^[\x20-\x7e]*$/.test(authorization)) {
          headers.authorization = authorization;
        }
        const answer = await fetch(`${ops.url}${path}?q=${encodeURIComponent(query)}`, {
          method,
          headers,
          ...(method === 'POST' || method === 'PUT' ? { body: query } : {}),
        });
        await answer.arrayBuffer();
        expect(answer.status).toBeLessThan(500);
      },
    ),
    { numRuns: 150 },
  );
});
