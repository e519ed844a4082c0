import { adminEndpointPath, adminSecretHeader } from '../../server/admin/dispatch-admin-command';
import { requestBodyLimitBytes } from '../../server/app';
import type { MailMessage } from '../../server/mail/mailer';
import {
  permitOf,
  permitPayload,
  signedInPermitClient,
  type PermitClient,
} from './support/permit-api';
import { testDatabaseAndApi } from './support/database-and-api';
import {
  call,
  createInvite,
  registration,
  strongPassword,
  type JsonResponse,
} from '../../scripts/stack/test-api';

jest.setTimeout(90_000);

const adminSecret = 'json-body-poisoning-secret';
// Pairs, not an object: in an object literal a __proto__ key would set the prototype instead.
const poisonedKeys = [
  ['__proto__', '"__proto__": {"is_staff": true, "permit_limit": 999}'],
  ['constructor.prototype', '"constructor": {"prototype": {"is_staff": true}}'],
] as const;
const invalidJson = { detail: 'JSON parse error - the request body is not valid JSON.' };

/** A valid JSON body as text with one more key, written by hand: JSON.stringify drops __proto__. */
function poisoned(valid: Record<string, unknown>, extraKey: string): string {
  const text = JSON.stringify(valid);
  return text === '{}' ? `{${extraKey}}` : `${text.slice(0, -1)}, ${extraKey}}`;
}

const sentMail: MailMessage[] = [];
const host = testDatabaseAndApi({
  adminSecret,
  mailer: {
    send: async (message) => {
      sentMail.push(message);
    },
    close: () => {},
  },
});
let resident: PermitClient;

beforeAll(async () => {
  resident = await signedInPermitClient(host.api.url, host.db);
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return call(`${host.api.url}${path}`, 'POST', { body, headers });
}

function asResident(): Record<string, string> {
  return { authorization: `Bearer ${resident.idToken}` };
}

function expectRefused(response: JsonResponse): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual(invalidJson);
}

async function resetLinkFor(email: string): Promise<{ uid: string; token: string }> {
  const before = sentMail.length;
  await call(`${host.api.url}/api/v1/auth/password-reset/`, 'POST', { body: { email } });
  for (let tries = 0; sentMail.length === before && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const link = sentMail.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('No reset link was sent.');
  const params = new URL(link).searchParams;
  return { uid: params.get('uid') ?? '', token: params.get('token') ?? '' };
}

describe.each(poisonedKeys)(
  'a JSON body carrying a %s key is refused with 400 and changes nothing',
  (_shape, extraKey) => {
    it('on register: no account is created and the invite keeps its use', async () => {
      const inviteCode = await createInvite(host.db, { uses: 1 });
      const details = registration(inviteCode);

      expectRefused(await post('/api/v1/auth/register/', poisoned(details, extraKey)));

      const login = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: details.email, password: details.password },
      });
      expect(login.status).toBe(401);
      const retried = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
        body: details,
      });
      expect(retried.status).toBe(201);
    });

    it('on login: no token is given', async () => {
      const response = await post(
        '/api/v1/auth/login/',
        poisoned({ email: resident.email, password: strongPassword }, extraKey),
      );

      expectRefused(response);
    });

    it('on logout', async () => {
      expectRefused(await post('/api/v1/auth/logout/', poisoned({}, extraKey)));
    });

    it('on change-password: the old password still signs in', async () => {
      const response = await post(
        '/api/v1/auth/change-password/',
        poisoned({ current_password: strongPassword, new_password: 'Another2024pass' }, extraKey),
        asResident(),
      );

      expectRefused(response);
      const login = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: resident.email, password: strongPassword },
      });
      expect(login.status).toBe(200);
    });

    it('on password-reset: no mail is sent', async () => {
      const before = sentMail.length;

      expectRefused(
        await post('/api/v1/auth/password-reset/', poisoned({ email: resident.email }, extraKey)),
      );

      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sentMail).toHaveLength(before);
    });

    it('on password-reset-confirm: the link still works and the password is unchanged', async () => {
      const link = await resetLinkFor(resident.email);

      expectRefused(
        await post(
          '/api/v1/auth/password-reset-confirm/',
          poisoned({ ...link, password: 'Poisoned2024pass' }, extraKey),
        ),
      );

      const login = await call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: resident.email, password: strongPassword },
      });
      expect(login.status).toBe(200);
      const confirmed = await call(`${host.api.url}/api/v1/auth/password-reset-confirm/`, 'POST', {
        body: { ...link, password: strongPassword },
      });
      expect(confirmed.status).toBe(200);
    });

    it('on permit create, activate, cancel and full_update: the permits stay as they were', async () => {
      // The reset confirmed above ended every session of the first resident.
      resident = await signedInPermitClient(host.api.url, host.db);
      const permit = permitOf(await resident.create(permitPayload()));
      const before = (await resident.get('/api/v1/permits/')).body;

      expectRefused(
        await post('/api/v1/permits/', poisoned(permitPayload(), extraKey), asResident()),
      );
      expectRefused(
        await post(`/api/v1/permits/${permit.id}/activate/`, poisoned({}, extraKey), asResident()),
      );
      expectRefused(
        await post(`/api/v1/permits/${permit.id}/cancel/`, poisoned({}, extraKey), asResident()),
      );
      const update = await call(
        `${host.api.url}/api/v1/permits/${permit.id}/full_update/`,
        'PATCH',
        {
          body: poisoned({ make: 'Vauxhall' }, extraKey),
          headers: asResident(),
        },
      );
      expectRefused(update);

      expect((await resident.get('/api/v1/permits/')).body).toEqual(before);
    });

    it('on the admin endpoint: the invite is not created', async () => {
      const code = `POISON-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const command = { command: 'invite.create', code, uses: 1, permitLimit: 1 };

      expectRefused(
        await post(adminEndpointPath, poisoned(command, extraKey), {
          [adminSecretHeader]: adminSecret,
        }),
      );

      const register = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
        body: registration(code),
      });
      expect(register.status).toBe(400);
      expect(register.body).toEqual({ invite_code: ['Invalid invite code.'] });
    });
  },
);

describe('a body nested far deeper than any form', () => {
  // As deep as the host's body limit lets two such values be, about 16,000 arrays each: the JSON
  // parser reads it; a recursive walk of it overflowed the stack (at 100,000, before the limit),
  // a 500 before any sign-in or throttle.
  const depth = Math.floor((requestBodyLimitBytes - 64) / 4);
  const nested = (inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

  it.each([
    ['login, signed out', '/api/v1/auth/login/', false],
    ['a permit’s create, signed in', '/api/v1/permits/', true],
  ])('is refused with 400 on %s, a NUL at its bottom found too', async (_, path, signedIn) => {
    const headers = signedIn ? asResident() : {};
    const deep = await post(path, `{"email": ${nested('"a"')}, "vrm": ${nested('"b"')}}`, headers);
    const withNul = await post(path, `{"make": ${nested('"c\\u0000"')}}`, headers);

    expect(deep.status).toBe(400);
    expect(withNul).toMatchObject({
      status: 400,
      body: { make: ['Null characters are not allowed.'] },
    });
  });
});
