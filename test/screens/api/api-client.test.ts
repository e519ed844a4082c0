import { findFreePort } from '../../../scripts/stack/free-port';
import { createApiClient, type IdTokenSource } from '../../../src/api/api-client';
import { ApiError } from '../../../src/api/api-error';
import { setAuthFailureHandler } from '../../../src/api/auth-failure-handler';
import { activateLanguage } from '../../../src/i18n/activate-language';
import { startApiHostStandIn, type ApiHostStandIn } from '../../support/api-host-stand-in';

interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

// A real API host stand-in: answers by path, and lets the page's origin call it with credentials,
// as the reference API host's CORS rules do.
const unauthorizedPaths = [
  '/api/v1/auth/login/',
  '/api/v1/auth/register/',
  '/api/v1/auth/profile/',
];
const received: ReceivedRequest[] = [];
/** Each request's Accept-Language, in order. */
const acceptLanguages: (string | undefined)[] = [];
let apiHost: ApiHostStandIn;

beforeAll(async () => {
  apiHost = await startApiHostStandIn((request) => {
    const path = request.url ?? '';
    received.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
    });
    acceptLanguages.push(request.headers['accept-language']);
    if (unauthorizedPaths.includes(path)) {
      return { status: 401, body: { detail: 'Invalid credentials.' } };
    }
    if (path === '/broken/') return { status: 500, body: { detail: 'It broke.' } };
    return { status: 200, body: { ok: true } };
  });
});

afterAll(() => apiHost.close());

beforeEach(() => {
  received.length = 0;
  setAuthFailureHandler(null);
});

const signedInAs =
  (token: string): IdTokenSource =>
  async (forceRefresh) =>
    forceRefresh ? `${token}-refreshed` : token;
const signedOut: IdTokenSource = async () => null;

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const outcome = await request.then(
    () => new Error('the request was expected to fail'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

describe('the request interceptor', () => {
  test('sends the identity token as a bearer authorization header when there is one', async () => {
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedInAs('token-1') });

    await client.get('/api/v1/site-settings/');

    expect(received).toEqual([
      { method: 'GET', path: '/api/v1/site-settings/', authorization: 'Bearer token-1' },
    ]);
  });

  test('says which language the resident reads in, so the host can write to them in it', async () => {
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedOut });
    acceptLanguages.length = 0;

    await client.get('/api/v1/site-settings/');
    await activateLanguage('cy');
    try {
      await client.post('/api/v1/auth/register/');
    } catch {
      // The stand-in refuses registrations (401); the header is what is looked at.
    } finally {
      await activateLanguage('en');
    }

    expect(acceptLanguages).toEqual(['en', 'cy']);
  });

  test('sends the request without authorization when nobody is signed in', async () => {
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedOut });

    const { data } = await client.post('/api/v1/auth/logout/');

    expect(data).toEqual({ ok: true });
    expect(received).toEqual([
      { method: 'POST', path: '/api/v1/auth/logout/', authorization: undefined },
    ]);
  });

  test('asks for a freshly refreshed token when the request says so', async () => {
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedInAs('token-1') });

    await client.get('/api/v1/site-settings/', { freshToken: true });

    expect(received[0]?.authorization).toBe('Bearer token-1-refreshed');
  });

  test('logs and rejects the request, without sending it, when getting the token fails', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const tokenFailure = new Error('token endpoint unreachable');
    const client = createApiClient({
      baseURL: apiHost.url,
      getIdToken: async () => {
        throw tokenFailure;
      },
    });

    const failure = await failureOf(client.get('/api/v1/site-settings/'));

    expect(failure.status).toBeUndefined();
    expect(failure.cause).toBe(tokenFailure);
    expect(logged).toHaveBeenCalledWith(
      'Could not get the identity token for /api/v1/site-settings/',
      tokenFailure,
    );
    expect(received).toEqual([]);
  });
});

describe('the response interceptor', () => {
  test('on a 401 runs the auth-failure handler once, waits for it, then rejects', async () => {
    const events: string[] = [];
    setAuthFailureHandler(async () => {
      events.push('handler started');
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('handler finished');
    });
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedInAs('token-1') });

    const failure = await failureOf(client.get('/api/v1/auth/profile/'));
    events.push('request rejected');

    expect(events).toEqual(['handler started', 'handler finished', 'request rejected']);
    expect(failure.status).toBe(401);
    expect(failure.body).toEqual({ detail: 'Invalid credentials.' });
  });

  test('runs the handler once for each failing request', async () => {
    const handler = jest.fn(async () => {});
    setAuthFailureHandler(handler);
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedInAs('token-1') });

    await Promise.all([
      failureOf(client.get('/api/v1/auth/profile/')),
      failureOf(client.get('/api/v1/auth/profile/')),
    ]);

    expect(handler).toHaveBeenCalledTimes(2);
  });

  test.each(['/api/v1/auth/login/', '/api/v1/auth/register/'])(
    'a 401 from %s is a refused credential, not a lapsed session: the handler does not run',
    async (path) => {
      const handler = jest.fn(async () => {});
      setAuthFailureHandler(handler);
      const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedOut });

      const failure = await failureOf(client.post(path, { email: 'a@b.test', password: 'x' }));

      expect(failure.status).toBe(401);
      expect(failure.body).toEqual({ detail: 'Invalid credentials.' });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  test('other failures reject with their status and body, without the handler', async () => {
    const handler = jest.fn(async () => {});
    setAuthFailureHandler(handler);
    const client = createApiClient({ baseURL: apiHost.url, getIdToken: signedInAs('token-1') });

    const failure = await failureOf(client.get('/broken/'));

    expect(failure.status).toBe(500);
    expect(failure.body).toEqual({ detail: 'It broke.' });
    expect(handler).not.toHaveBeenCalled();
  });

  test('a request that gets no answer rejects with no status', async () => {
    const port = await findFreePort();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient({
      baseURL: `http://127.0.0.1:${port}`,
      getIdToken: signedOut,
    });

    const failure = await failureOf(client.get('/api/v1/site-settings/'));

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBeUndefined();
    expect(failure.body).toBeUndefined();
  });
});
