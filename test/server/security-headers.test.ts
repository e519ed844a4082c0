import { connect } from 'node:net';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { call, startTestApi, type JsonResponse, type TestApi } from '../../scripts/stack/test-api';
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
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
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

/** One request written to the socket as it is, and the raw answer, read until the host closes. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

describe("requests Fastify refuses before routing get the house's answer", () => {
  const requestId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('a path part that does not decode: 400, detail, security headers, no-store, request id', async () => {
    const response = await resident.post('/api/v1/permits/%E0%A4%A/activate/', {});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: 'Malformed URL: a part of the path does not decode.',
    });
    expectSafeHeaders(response);
    expect(response.headers['x-request-id']).toMatch(requestId);
  });

  it('a header block too large: 431, detail, security headers, no-store, request id', async () => {
    const answer = await rawExchange(
      api.url,
      `GET /api/v1/site-settings/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );

    const [head = '', body] = answer.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body ?? '')).toEqual({ detail: 'Request header fields too large.' });
    expectSafeHeaders({ status: 431, headers, body: null });
    expect(headers['x-request-id']).toMatch(requestId);
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
