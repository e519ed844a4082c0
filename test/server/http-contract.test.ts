import { testDatabaseAndApi } from './support/database-and-api';
import { call, webOrigin } from '../../scripts/stack/test-api';
import { requestBodyLimitBytes } from '../../server/app';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();

describe('malformed requests get DRF-shaped client errors, never a 500', () => {
  it('answers malformed JSON with 400 and a detail', async () => {
    const response = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
      body: '{"email": ',
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: 'JSON parse error - the request body is not valid JSON.',
    });
  });

  it.each([
    ['a string', '"just a string"', 'str'],
    ['a number', '42', 'int'],
    ['null', 'null', 'null'],
  ])('answers a JSON body that is %s with non_field_errors', async (_label, body, type) => {
    const response = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', { body });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`],
    });
  });

  it('answers a body that is not JSON with 415 and a detail', async () => {
    const response = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
      body: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
    });

    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('answers a body above 64 KiB with 413 and a detail', async () => {
    // A JSON body of exactly `bytes` bytes: {"email":"xx…x"}.
    const registration = (bytes: number) => ({ email: 'x'.repeat(bytes - '{"email":""}'.length) });
    const register = (bytes: number) =>
      call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: registration(bytes) });

    const atLimit = await register(requestBodyLimitBytes);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body).toMatchObject({
      email: ['Ensure this field has no more than 254 characters.'],
    });

    const overLimit = await register(requestBodyLimitBytes + 1);
    expect(overLimit.status).toBe(413);
    expect(overLimit.body).toEqual({ detail: 'Request body is too large.' });
  });

  it('answers an unknown path with 404 and a detail', async () => {
    const response = await call(`${host.api.url}/api/v1/nothing-here/`, 'GET');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });

  it('answers a known path without its trailing slash as with it', async () => {
    const response = await call(`${host.api.url}/api/v1/site-settings`, 'GET');

    expect(response.status).toBe(200);
  });
});

describe('CORS', () => {
  it('allows the web app origin, with credentials, on a preflight', async () => {
    const response = await call(`${host.api.url}/api/v1/auth/profile/`, 'OPTIONS', {
      headers: {
        origin: webOrigin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(webOrigin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-headers']).toMatch(/authorization/i);
    expect(response.headers['access-control-allow-methods']).toMatch(/PATCH/);
  });

  it('allows the web app origin, with credentials, on a request', async () => {
    const response = await call(`${host.api.url}/api/v1/site-settings/`, 'GET', {
      headers: { origin: webOrigin },
    });

    expect(response.headers['access-control-allow-origin']).toBe(webOrigin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['http://evil.example', 'http://localhost:8081', 'null'])(
    'does not allow the origin %s',
    async (origin) => {
      const preflight = await call(`${host.api.url}/api/v1/auth/login/`, 'OPTIONS', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      const request = await call(`${host.api.url}/api/v1/site-settings/`, 'GET', {
        headers: { origin },
      });

      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(request.headers['access-control-allow-origin']).toBeUndefined();
    },
  );
});
