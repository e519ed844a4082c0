import { openTestDatabase, type TestDatabase } from './support/test-database';
import { call, startTestApi, type JsonResponse, type TestApi } from './support/test-api';
import {
  permitOf,
  permitPayload,
  signedInPermitClient,
  type PermitClient,
  type PermitPage,
} from './support/permit-api';

jest.setTimeout(60_000);

const councilUrl = 'https://permits.council.example/kerbside';

let database: TestDatabase;
let api: TestApi;
let behindProxy: TestApi;
let resident: PermitClient;

beforeAll(async () => {
  database = await openTestDatabase();
  [api, behindProxy] = await Promise.all([
    startTestApi(database.db),
    startTestApi(database.db, { publicUrl: `${councilUrl}/` }),
  ]);
  resident = await signedInPermitClient(api.url, database.db);
  // One more than a page, so the list has a next link.
  for (let index = 0; index < 21; index += 1) {
    permitOf(await resident.create(permitPayload({ end_ts: null })));
  }
});

afterAll(async () => {
  await Promise.all([api?.close(), behindProxy?.close()]);
  await database?.close();
});

function expectSafeHeaders(response: JsonResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('every answer carries the security headers', () => {
  it.each([
    ['GET', '/api/v1/site-settings/', undefined],
    ['GET', '/api/v1/auth/profile/', undefined],
    ['POST', '/api/v1/auth/login/', { email: 'nobody@kerbside.test', password: 'Wrong-123' }],
    ['POST', '/api/v1/auth/login/', '{"email": '],
    ['GET', '/api/v1/no-such-thing/', undefined],
  ])('%s %s, answered or refused', async (method, path, body) => {
    const response = await call(`${api.url}${path}`, method, { body });

    expectSafeHeaders(response);
  });

  it('an authenticated answer (the list) is no-store too', async () => {
    const response = await resident.get('/api/v1/permits/');

    expect(response.status).toBe(200);
    expectSafeHeaders(response);
  });
});

describe('paging links come from the public URL, never from Host', () => {
  const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };

  it("by default they point at the host's own loopback address, whatever Host says", async () => {
    const response = await call(`${api.url}/api/v1/permits/?status=QUEUED`, 'GET', {
      headers: { authorization: `Bearer ${resident.idToken}`, ...forged },
    });

    const page = response.body as PermitPage;
    expect(response.status).toBe(200);
    expect(page.next).toBe(`${api.url}/api/v1/permits/?status=QUEUED&page=2`);
  });

  it('with PUBLIC_API_URL set they point there, path prefix included', async () => {
    const response = await call(`${behindProxy.url}/api/v1/permits/?page=2`, 'GET', {
      headers: { authorization: `Bearer ${resident.idToken}`, ...forged },
    });

    const page = response.body as PermitPage;
    expect(response.status).toBe(200);
    expect(page.previous).toBe(`${councilUrl}/api/v1/permits/`);
    expect(JSON.stringify(page)).not.toContain('attacker.example');
  });
});
