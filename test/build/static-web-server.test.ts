import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { demoRuntimeConfig } from '../../scripts/stack/demo-runtime-config';
import { startStaticWebServer } from '../../scripts/stack/static-web-server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-static-'));
const script = `console.log(${JSON.stringify('kerbside '.repeat(200))});\n`;
let web: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'assets', 'main.abc123.js'), script);
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Kerbside</title>');
  fs.writeFileSync(path.join(root, 'login.html'), '<!doctype html><title>Sign in</title>');
  web = await startStaticWebServer({
    root,
    port: 0,
    runtimeConfig: demoRuntimeConfig(),
  });
});

afterAll(async () => {
  await web.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

// node:http, not fetch: fetch decompresses bodies, and the bytes on the wire are the point here.
function get(
  route: string,
  acceptEncoding?: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${web.url}${route}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(parts) }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The status of a GET of `url`, its body read and dropped. */
function statusOf(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
      .on('error', reject);
  });
}

test('a browser that accepts gzip gets scripts gzipped, as from a static host', async () => {
  const { headers, body } = await get('/assets/main.abc123.js', 'gzip, deflate, br');
  expect(headers['content-encoding']).toBe('gzip');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(body.length).toBeLessThan(Buffer.byteLength(script));
  expect(gunzipSync(body).toString('utf8')).toBe(script);
});

test('a file changed in place is gzipped afresh: its compressed copy is kept only while it is unchanged', async () => {
  const file = path.join(root, 'assets', 'changing.js');
  fs.writeFileSync(file, script);
  const first = await get('/assets/changing.js', 'gzip');
  expect(Number(first.headers['content-length'])).toBe(first.body.length);
  expect(gunzipSync(first.body).toString('utf8')).toBe(script);
  const changed = `${script}console.log('changed');\n`;
  fs.writeFileSync(file, changed);
  const second = await get('/assets/changing.js', 'gzip');
  expect(Number(second.headers['content-length'])).toBe(second.body.length);
  expect(gunzipSync(second.body).toString('utf8')).toBe(changed);
});

test('a build without index.html answers other routes with 404, and the server keeps serving', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-static-empty-'));
  const served = await startStaticWebServer({
    root: empty,
    port: 0,
    runtimeConfig: demoRuntimeConfig(),
  });
  try {
    expect(await statusOf(`${served.url}/my-permits`)).toBe(404);
    expect(await statusOf(`${served.url}/my-permits`)).toBe(404);
  } finally {
    await served.stop();
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('a client that does not accept gzip gets the file as it is', async () => {
  const { headers, body } = await get('/assets/main.abc123.js');
  expect(headers['content-encoding']).toBeUndefined();
  expect(body.toString('utf8')).toBe(script);
});

test('any other route gets index.html, gzipped when accepted', async () => {
  const { headers, body } = await get('/my-permits', 'gzip');
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(gunzipSync(body).toString('utf8')).toBe('<!doctype html><title>Kerbside</title>');
});

test('a route with a page rendered in advance gets that page (clean URLs)', async () => {
  const { headers, body } = await get('/login');
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(body.toString('utf8')).toBe('<!doctype html><title>Sign in</title>');
  expect((await get('/login/')).body.toString('utf8')).toBe(
    '<!doctype html><title>Kerbside</title>',
  );
});

// A path that does not decode (a cut-off UTF-8 escape) or that decodes to a NUL, which no file
// name holds, is the client's mistake: 400, and the server goes on serving.
test.each(['/%E0%A4%A', '/%00', '/assets/%00.js'])(
  'a malformed path (%s) gets 400 and the server keeps serving',
  async (route) => {
    expect(await statusOf(`${web.url}${route}`)).toBe(400);
    expect((await get('/my-permits')).body.toString('utf8')).toBe(
      '<!doctype html><title>Kerbside</title>',
    );
  },
);

test('every answer refuses framing and sniffing, and lets the page connect only to its own API host and Auth emulator', async () => {
  const served = await startStaticWebServer({
    root,
    port: 0,
    runtimeConfig: demoRuntimeConfig('http://127.0.0.1:8123/api', 'http://127.0.0.1:9199'),
  });
  try {
    for (const route of ['/', '/login', '/my-permits', '/config.js', '/assets/main.abc123.js']) {
      const { headers } = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${served.url}${route}`, resolve).on('error', reject),
      );
      expect([route, headers['x-frame-options'], headers['x-content-type-options']]).toEqual([
        route,
        'DENY',
        'nosniff',
      ]);
      const policy = String(headers['content-security-policy']).split('; ');
      expect(policy).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "connect-src 'self' http://127.0.0.1:8123 http://127.0.0.1:9199",
        ]),
      );
    }
  } finally {
    await served.stop();
  }
});
