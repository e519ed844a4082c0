jest.setTimeout(60_000);

import { rmSync } from 'node:fs';
import { runAdminCommand } from '../../server/admin/run-admin-command';
import { loadConfig } from '../../server/config';
import { startApi } from '../../server/start-api';
import { temporaryDataDir } from './support/test-database';
import { createFirebaseIdentity } from '../../server/identity/firebase-identity';
import { testDatabaseAndApi, lenientLoginThrottles } from './support/database-and-api';
import {
  call,
  createInvite,
  customTokenOf,
  emulatorHost,
  registration,
  signInWithCustomToken,
  startTestApi,
  strongPassword,
  uniqueEmail,
} from '../../scripts/stack/test-api';

const host = testDatabaseAndApi({ throttles: lenientLoginThrottles() });
let inviteCode: string;

beforeAll(async () => {
  inviteCode = await createInvite(host.db, { uses: null, permitLimit: 4 });
});

const register = (body: unknown) => call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body });
const login = (email: string, password: string) =>
  call(`${host.api.url}/api/v1/auth/login/`, 'POST', { body: { email, password } });

async function profileFor(customToken: string) {
  const idToken = await signInWithCustomToken(customToken);
  return call(`${host.api.url}/api/v1/auth/profile/`, 'GET', {
    headers: { authorization: `Bearer ${idToken}` },
  });
}

describe('POST /api/v1/auth/register/', () => {
  it('creates the resident and answers 201 with a custom token the identity provider accepts', async () => {
    const details = registration(inviteCode, { first_name: ' Grace ', last_name: 'Hopper' });

    const response = await register(details);

    expect(response.status).toBe(201);
    const profile = await profileFor(customTokenOf(response.body));
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: details.email,
      active_registrations: 0,
      permit_limit: 4,
    });
  });

  it('gives the resident the permit limit of the invite code used', async () => {
    const generousCode = await createInvite(host.db, { uses: 1, permitLimit: 9 });

    const response = await register(registration(generousCode));

    const profile = await profileFor(customTokenOf(response.body));
    expect(profile.body).toMatchObject({ permit_limit: 9 });
  });

  it('accepts the invite code in any case and the e-mail in any case, storing it lower-case', async () => {
    const email = uniqueEmail('MixedCase').toUpperCase();

    const response = await register(
      registration(inviteCode.toLowerCase(), { email: `  ${email} ` }),
    );

    expect(response.status).toBe(201);
    const profile = await profileFor(customTokenOf(response.body));
    expect(profile.body).toMatchObject({ email: email.toLowerCase() });
    expect((await login(email.toLowerCase(), strongPassword)).status).toBe(200);
  });

  it('names every missing field', async () => {
    const response = await register({});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['This field is required.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      password: ['This field is required.'],
      invite_code: ['This field is required.'],
    });
  });

  it('treats a request without a body like an empty form', async () => {
    const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ email: ['This field is required.'] });
  });

  it('refuses blank fields, wrong types and null', async () => {
    const response = await register({
      email: '   ',
      first_name: '',
      last_name: 42,
      password: null,
      invite_code: ['KERBSIDE-DEMO'],
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['This field may not be blank.'],
      first_name: ['This field may not be blank.'],
      last_name: ['Not a valid string.'],
      password: ['This field may not be null.'],
      invite_code: ['Not a valid string.'],
    });
  });

  it('refuses an e-mail address that is not one', async () => {
    const response = await register(registration(inviteCode, { email: 'not-an-email' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses huge strings with a field error rather than failing', async () => {
    // Long enough to break every field's limit, short enough for the host's body limit.
    const huge = 'x'.repeat(10_000);

    const response = await register({
      email: `${huge}@kerbside.test`,
      first_name: huge,
      last_name: huge,
      password: `Aa1${huge}`,
      invite_code: huge,
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['Ensure this field has no more than 254 characters.'],
      first_name: ['Ensure this field has no more than 150 characters.'],
      last_name: ['Ensure this field has no more than 150 characters.'],
      password: ['Ensure this field has no more than 128 characters.'],
      invite_code: ['Ensure this field has no more than 64 characters.'],
    });
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await register(['not', 'an', 'object']);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  describe('password rule: at least 8 characters with upper case, lower case and a digit', () => {
    it.each([
      ['Short1A', 'This password is too short. It must contain at least 8 characters.'],
      ['lowercase1only', 'The password must contain at least one uppercase letter.'],
      ['UPPERCASE1ONLY', 'The password must contain at least one lowercase letter.'],
      ['NoDigitsHere', 'The password must contain at least one digit.'],
    ])('refuses %p', async (password, message) => {
      const details = registration(inviteCode, { password });

      const response = await register(details);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ password: [message] });
      expect((await login(details.email, password)).status).toBe(401);
    });

    it('lists every rule a password breaks', async () => {
      const response = await register(registration(inviteCode, { password: 'abc' }));

      expect(response.body).toEqual({
        password: [
          'This password is too short. It must contain at least 8 characters.',
          'The password must contain at least one uppercase letter.',
          'The password must contain at least one digit.',
        ],
      });
    });
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const details = registration(inviteCode);
    expect((await register(details)).status).toBe(201);

    const response = await register(
      registration(inviteCode, { email: details.email.toUpperCase() }),
    );

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('refuses an unknown invite code', async () => {
    const details = registration('NO-SUCH-CODE');

    const response = await register(details);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ invite_code: ['Invalid invite code.'] });
    expect((await login(details.email, strongPassword)).status).toBe(401);
  });

  it('counts the uses of an invite code down and refuses it once used up', async () => {
    const twoUseCode = await createInvite(host.db, { uses: 2 });
    expect((await register(registration(twoUseCode))).status).toBe(201);
    expect((await register(registration(twoUseCode))).status).toBe(201);

    const response = await register(registration(twoUseCode));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ invite_code: ['This invite code has already been used.'] });
  });

  it('does not spend a use when the registration is refused', async () => {
    const oneUseCode = await createInvite(host.db, { uses: 1 });
    const taken = registration(oneUseCode);
    expect((await register(registration(inviteCode, { email: taken.email }))).status).toBe(201);

    const refused = await register(taken);
    const accepted = await register(registration(oneUseCode));

    expect(refused.body).toEqual({ email: ['A user with that email already exists.'] });
    expect(accepted.status).toBe(201);
  });

  it('says nothing of a registered e-mail without a good invite code', async () => {
    const details = registration(inviteCode);
    await register(details);

    const response = await register({ ...details, invite_code: 'NO-SUCH-CODE' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ invite_code: ['Invalid invite code.'] });
  });

  it('lets only one of two simultaneous registrations take the last use of a code', async () => {
    const oneUseCode = await createInvite(host.db, { uses: 1 });

    const responses = await Promise.all([
      register(registration(oneUseCode)),
      register(registration(oneUseCode)),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 400]);
  });

  it('creates one account when the same e-mail registers twice at once', async () => {
    const details = registration(inviteCode);

    const responses = await Promise.all([register(details), register(details)]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 400]);
    expect(responses.find((response) => response.status === 400)?.body).toEqual({
      email: ['A user with that email already exists.'],
    });
  });

  it('answers 429 after repeated attempts with bad invite codes from one client', async () => {
    const guessingClient = '127.0.0.7';
    for (let guess = 0; guess < 10; guess += 1) {
      const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
        body: registration(`GUESS-${guess}`),
        from: guessingClient,
      });
      expect(response.status).toBe(400);
    }

    const blocked = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
      body: registration(inviteCode),
      from: guessingClient,
    });
    const otherClient = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
      body: registration(inviteCode),
      from: '127.0.0.8',
    });

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: expect.stringMatching(
        /^Too many registration attempts\. Try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(otherClient.status).toBe(201);
  });

  it('answers 429 after ten attempts from one client with a registered e-mail and a good invite', async () => {
    const { email } = registration(inviteCode);
    expect((await register({ ...registration(inviteCode), email })).status).toBe(201);
    const probingClient = '127.0.0.9';
    const probe = () =>
      call(`${host.api.url}/api/v1/auth/register/`, 'POST', {
        body: registration(inviteCode, { email }),
        from: probingClient,
      });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await probe();
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ email: ['A user with that email already exists.'] });
    }

    const blocked = await probe();

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: expect.stringMatching(
        /^Too many registration attempts\. Try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each(['email', 'first_name', 'last_name', 'password', 'invite_code'])(
    'refuses a NUL character in %s with 400 on that field, storing nothing',
    async (field) => {
      const details = registration(inviteCode);
      const value = String(details[field as keyof typeof details]);
      const withNul = `${value.slice(0, 3)}\u0000${value.slice(3)}`;

      const response = await register({ ...details, [field]: withNul });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ [field]: ['Null characters are not allowed.'] });
      expect((await login(details.email, strongPassword)).status).toBe(401);
    },
  );

  it('answers with a warning and no token when the identity provider cannot mint one', async () => {
    // A real firebase-admin without the emulator and without Google credentials cannot sign.
    // (No metadata-server probe either: this machine is not on Google Cloud.)
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.METADATA_SERVER_DETECTION = 'none';
    const unconfiguredApi = await startTestApi(host.db, {
      identity: createFirebaseIdentity({ projectId: 'demo-kerbside' }),
    });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    const details = registration(inviteCode);

    try {
      const response = await call(`${unconfiguredApi.url}/api/v1/auth/register/`, 'POST', {
        body: details,
      });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        warning: 'Your account was created, but signing you in failed.',
      });
      expect((await login(details.email, strongPassword)).status).toBe(200);
    } finally {
      delete process.env.METADATA_SERVER_DETECTION;
      await unconfiguredApi.close();
    }
  });

  it('gives a disabled resident no way back in through registration', async () => {
    const details = registration(inviteCode);
    await register(details);
    await runAdminCommand(host.db, { command: 'user.disable', email: details.email });

    const response = await register(details);

    expect(response.body).toEqual({ email: ['A user with that email already exists.'] });
  });
});

describe('REGISTRATIONS_PER_ADDRESS_PER_HOUR', () => {
  it('is read from the environment, 20 unless set, and a value below 1 stops the host from starting', () => {
    expect(loadConfig({}).registrationsPerAddressPerHour).toBe(20);
    expect(
      loadConfig({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '120' }).registrationsPerAddressPerHour,
    ).toBe(120);
    expect(() => loadConfig({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0' })).toThrow(
      /REGISTRATIONS_PER_ADDRESS_PER_HOUR/,
    );
  });

  it('bounds the accounts the API host creates for one address in an hour', async () => {
    const dataDir = temporaryDataDir();
    const api = await startApi({
      webOrigin: 'http://localhost:8080',
      dataDir,
      authEmulatorHost: emulatorHost(),
      reconciler: false,
      permitMail: false,
      seedDemo: { inviteCode: 'HOURLY-2' },
      registrationsPerAddressPerHour: 2,
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await call(`${api.url}/api/v1/auth/register/`, 'POST', {
          body: registration('HOURLY-2'),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
