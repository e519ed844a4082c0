import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { permitStatuses } from '../../contract/permit-status';
import { users } from '../../server/db/schema';
import { runAdminCommand } from '../../server/admin/run-admin-command';
import { createFirebaseIdentity } from '../../server/identity/firebase-identity';
import { testDatabaseAndApi } from './support/database-and-api';
import {
  call,
  createInvite,
  customTokenOf,
  projectId,
  registration,
  signInWithCustomToken,
  startTestApi,
} from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();
let inviteCode: string;

beforeAll(async () => {
  inviteCode = await createInvite(host.db, { uses: null, permitLimit: 2 });
});

async function signedInResident(overrides: Record<string, unknown> = {}) {
  const details = registration(inviteCode, overrides);
  const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: details });
  const idToken = await signInWithCustomToken(customTokenOf(response.body));
  return { ...details, idToken };
}

const profile = (headers: Record<string, string> = {}) =>
  call(`${host.api.url}/api/v1/auth/profile/`, 'GET', { headers });

describe('GET /api/v1/auth/profile/', () => {
  it('answers the signed-in resident with their profile', async () => {
    const resident = await signedInResident({ first_name: 'Alan', last_name: 'Turing' });

    const response = await profile({ authorization: `Bearer ${resident.idToken}` });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      first_name: 'Alan',
      last_name: 'Turing',
      email: resident.email,
      active_registrations: 0,
      permit_limit: 2,
    });
  });

  it('answers 401 with a detail and a Bearer challenge without a token', async () => {
    const response = await profile();

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for an Authorization header that is not a bearer token', async () => {
    const response = await profile({ authorization: 'Basic dXNlcjpwYXNz' });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid token header. Expected "Bearer <token>".' });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a tampered token', 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1aWQiOiJ4In0.'],
  ])('answers 401 for %s', async (_label, token) => {
    const response = await profile({ authorization: `Bearer ${token}` });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid or expired token.' });
  });

  it('answers 401 for a valid token whose uid has no account here', async () => {
    const strangerToken = await signInWithCustomToken(
      await host.api.identity.createCustomToken(randomUUID(), 0),
    );

    const response = await profile({ authorization: `Bearer ${strangerToken}` });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'No account matches this token.' });
  });

  it('answers 403 with a detail once the account is disabled', async () => {
    const resident = await signedInResident();
    await runAdminCommand(host.db, { command: 'user.disable', email: resident.email });

    const response = await profile({ authorization: `Bearer ${resident.idToken}` });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'User account is disabled.' });
  });

  it('shows a changed permit limit at once', async () => {
    const resident = await signedInResident();
    await runAdminCommand(host.db, {
      command: 'user.set-limit',
      email: resident.email,
      limit: 7,
    });

    const response = await profile({ authorization: `Bearer ${resident.idToken}` });

    expect(response.body).toMatchObject({ permit_limit: 7 });
  });

  it('answers 503, not 401, when the identity provider cannot be reached', async () => {
    const resident = await signedInResident();
    const unreachable = await startTestApi(host.db, {
      identity: createFirebaseIdentity({ projectId: projectId() }),
    });
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    // firebase-admin fixes the provider's address at its first call: make that a closed port.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    try {
      const response = await call(`${unreachable.url}/api/v1/auth/profile/`, 'GET', {
        headers: { authorization: `Bearer ${resident.idToken}` },
      });

      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        detail: 'The sign-in service is unavailable. Please try again later.',
      });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      await unreachable.close();
    }
  });
});

describe('GET /api/v1/permits/: who asks is answered before what they ask', () => {
  const everyStatus = permitStatuses.map((status) => `status=${status}`).join('&');
  const myPermitsFirstRequest = `?${everyStatus}&start_date=2026-11-27T00:00&end_date=2026-11-27T23:59`;
  const permitList = (query: string, headers: Record<string, string> = {}) =>
    call(`${host.api.url}/api/v1/permits/${query}`, 'GET', { headers });
  const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

  it.each(['', myPermitsFirstRequest, '?search=ford'])(
    'answers a resident without permits an empty page (%s)',
    async (query) => {
      const resident = await signedInResident();

      const response = await permitList(query, bearer(resident.idToken));

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    },
  );

  it('answers 401 without a token, before reading what was asked', async () => {
    const response = await permitList('?status=PARKED');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it.each([
    ['a uid with no account here', randomUUID()],
    ['a uid that is no resident id', 'not-a-resident-id'],
  ])('answers 401 for a valid token with %s', async (_label, uid) => {
    const strangerToken = await signInWithCustomToken(
      await host.api.identity.createCustomToken(uid, 0),
    );

    for (const query of ['', myPermitsFirstRequest, '?page=2']) {
      const response = await permitList(query, bearer(strangerToken));

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'No account matches this token.' });
    }
  });

  it('answers 401 to a session a password change ended', async () => {
    const resident = await signedInResident();
    // What a password change or reset does to the account (server/routes/password-routes.ts).
    await host.db
      .update(users)
      .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
      .where(eq(users.email, resident.email));

    const response = await permitList(myPermitsFirstRequest, bearer(resident.idToken));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid or expired token.' });
  });

  it('answers 403 to a disabled account, whatever it asks', async () => {
    const resident = await signedInResident();
    await runAdminCommand(host.db, { command: 'user.disable', email: resident.email });

    for (const query of ['', myPermitsFirstRequest, '?page=2', '?status=PARKED', '?page=0']) {
      const response = await permitList(query, bearer(resident.idToken));

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'User account is disabled.' });
    }
  });

  it('answers 404 to a page past the last only once the resident is admitted', async () => {
    const resident = await signedInResident();

    const response = await permitList('?page=2', bearer(resident.idToken));

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Invalid page.' });
  });
});

describe('POST /api/v1/auth/logout/', () => {
  const logout = (options: Parameters<typeof call>[2]) =>
    call(`${host.api.url}/api/v1/auth/logout/`, 'POST', options);

  it('answers 200 for a signed-in resident, whose token stays theirs to discard', async () => {
    const resident = await signedInResident();

    const response = await logout({ headers: { authorization: `Bearer ${resident.idToken}` } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: 'Successfully logged out.' });
  });

  it.each([
    ['without a token', {}],
    ['with an invalid token', { headers: { authorization: 'Bearer not-a-token' } }],
    ['with an empty JSON body', { headers: { 'content-type': 'application/json' }, body: '' }],
  ])('answers 200 %s', async (_label, options) => {
    const response = await logout(options);

    expect(response.status).toBe(200);
  });
});

describe('GET /api/v1/site-settings/', () => {
  it('answers the defaults without authentication', async () => {
    const response = await call(`${host.api.url}/api/v1/site-settings/`, 'GET');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      can_add_reference: false,
      can_schedule_permits: true,
      default_end_date_limit_hours: 0,
    });
  });

  it('answers what the administrator set', async () => {
    await runAdminCommand(host.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });
    await runAdminCommand(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 24 },
    });

    const response = await call(`${host.api.url}/api/v1/site-settings/`, 'GET', {
      headers: { authorization: 'Bearer ignored-here' },
    });

    expect(response.body).toEqual({
      can_add_reference: true,
      can_schedule_permits: true,
      default_end_date_limit_hours: 24,
    });
  });
});
