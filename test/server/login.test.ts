import { runAdminCommand } from '../../server/admin/run-admin-command';
import { AttemptThrottle } from '../../server/auth/attempt-throttle';
import { testDatabaseAndApi } from './support/database-and-api';
import {
  call,
  createInvite,
  customTokenOf,
  registration,
  signInWithCustomToken,
  startTestApi,
  strongPassword,
} from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();
let inviteCode: string;

beforeAll(async () => {
  inviteCode = await createInvite(host.db, { uses: null });
});

// Each test signs in from its own loopback address, so failed attempts in one test do not
// count against the next: the throttle counts per client address.
let clientNumber = 10;
function newClient(): string {
  clientNumber += 1;
  return `127.0.1.${clientNumber}`;
}

async function registeredResident(overrides: Record<string, unknown> = {}) {
  const details = registration(inviteCode, overrides);
  const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: details });
  expect(response.status).toBe(201);
  return details;
}

const login = (body: unknown, from: string, url = host.api.url) =>
  call(`${url}/api/v1/auth/login/`, 'POST', { body, from });

describe('POST /api/v1/auth/login/', () => {
  it('answers 200 with a custom token that signs the resident in', async () => {
    const resident = await registeredResident({ first_name: 'Mary' });

    const response = await login({ email: resident.email, password: strongPassword }, newClient());

    expect(response.status).toBe(200);
    const idToken = await signInWithCustomToken(customTokenOf(response.body));
    const profile = await call(`${host.api.url}/api/v1/auth/profile/`, 'GET', {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.body).toMatchObject({ first_name: 'Mary', email: resident.email });
  });

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    const resident = await registeredResident();

    const response = await login(
      { email: `  ${resident.email.toUpperCase()} `, password: strongPassword },
      newClient(),
    );

    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with a detail', async () => {
    const resident = await registeredResident();

    const response = await login(
      { email: resident.email, password: 'Wrong-Password-1' },
      newClient(),
    );

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid email or password.' });
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const response = await login(
      { email: 'nobody@kerbside.test', password: strongPassword },
      newClient(),
    );

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid email or password.' });
  });

  it('does not accept the password in another case', async () => {
    const resident = await registeredResident();

    const response = await login(
      { email: resident.email, password: strongPassword.toUpperCase() },
      newClient(),
    );

    expect(response.status).toBe(401);
  });

  it('names missing fields with 400', async () => {
    const response = await login({}, newClient());

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('refuses a malformed e-mail with 400', async () => {
    const response = await login({ email: 'not-an-email', password: 'x' }, newClient());

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses a disabled account with a detail, even with the right password', async () => {
    const resident = await registeredResident();
    await runAdminCommand(host.db, { command: 'user.disable', email: resident.email });

    const response = await login({ email: resident.email, password: strongPassword }, newClient());

    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: 'This account has been disabled. Please contact support.',
    });
  });

  it('lets a re-enabled account sign in again', async () => {
    const resident = await registeredResident();
    await runAdminCommand(host.db, { command: 'user.disable', email: resident.email });
    await runAdminCommand(host.db, { command: 'user.enable', email: resident.email });

    const response = await login({ email: resident.email, password: strongPassword }, newClient());

    expect(response.status).toBe(200);
  });

  describe('after repeated failures from one client', () => {
    it('answers 429 with a detail and Retry-After, even for the right password', async () => {
      const resident = await registeredResident();
      const client = newClient();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const failure = await login(
          { email: resident.email, password: `Wrong${attempt}x` },
          client,
        );
        expect(failure.status).toBe(401);
      }

      const response = await login({ email: resident.email, password: strongPassword }, client);

      expect(response.status).toBe(429);
      expect(response.body).toEqual({
        detail: expect.stringMatching(
          /^Too many failed login attempts\. Try again in \d+ seconds\.$/,
        ),
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    });

    it('still serves other clients', async () => {
      const resident = await registeredResident();
      const attacker = newClient();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await login({ email: resident.email, password: `Wrong${attempt}x` }, attacker);
      }

      const response = await login(
        { email: resident.email, password: strongPassword },
        newClient(),
      );

      expect(response.status).toBe(200);
    });

    it('never refuses the right password from a fresh address, however many failures the account has had', async () => {
      const victim = await registeredResident();
      const attackers = [newClient(), newClient()];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const failure = await login(
          { email: victim.email, password: `Wrong${attempt}x` },
          attackers[attempt % attackers.length]!,
        );
        expect(failure.status).toBe(401);
      }

      const victimSignIn = await login(
        { email: victim.email, password: strongPassword },
        newClient(),
      );

      expect(victimSignIn.status).toBe(200);
      expect(await signInWithCustomToken(customTokenOf(victimSignIn.body))).toEqual(
        expect.any(String),
      );
    });

    it('once an account has had ten failures, refuses every address that has failed on it again', async () => {
      const resident = await registeredResident();
      const attackers = [newClient(), newClient()];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await login(
          { email: resident.email, password: `Wrong${attempt}x` },
          attackers[attempt % 2]!,
        );
      }
      const newcomer = newClient();

      const firstGuess = await login(
        { email: resident.email, password: 'Wrong-Guess-1' },
        newcomer,
      );
      const secondGuess = await login(
        { email: resident.email, password: strongPassword },
        newcomer,
      );

      expect(firstGuess.status).toBe(401);
      expect(secondGuess.status).toBe(429);
      expect(secondGuess.body).toEqual({
        detail: expect.stringMatching(
          /^Too many failed login attempts\. Try again in \d+ seconds\.$/,
        ),
      });
    });

    it('does not count successful logins or malformed requests as failures', async () => {
      const resident = await registeredResident();
      const client = newClient();
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        expect(
          (await login({ email: resident.email, password: strongPassword }, client)).status,
        ).toBe(200);
        expect((await login({ email: 'bad' }, client)).status).toBe(400);
      }
    });

    it('lets the client try again once the window has passed', async () => {
      const shortWindow = await startTestApi(host.db, {
        throttles: {
          loginAddress: new AttemptThrottle({ name: 'short-window', limit: 2, windowMs: 1_000 }),
        },
      });
      try {
        const resident = await registeredResident();
        const client = newClient();
        const wrong = { email: resident.email, password: 'Wrong-Password-1' };
        const right = { email: resident.email, password: strongPassword };
        await login(wrong, client, shortWindow.url);
        await login(wrong, client, shortWindow.url);
        expect((await login(right, client, shortWindow.url)).status).toBe(429);

        await new Promise((resolve) => setTimeout(resolve, 1_100));

        expect((await login(right, client, shortWindow.url)).status).toBe(200);
      } finally {
        await shortWindow.close();
      }
    });
  });
});
