import { testDatabaseAndApi, lenientLoginThrottles } from './support/database-and-api';
import {
  call,
  createInvite,
  customTokenOf,
  refreshIdToken,
  registration,
  signInWithCustomToken,
  startIdentitySession,
  strongPassword,
} from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi({ throttles: lenientLoginThrottles() });
let inviteCode: string;

beforeAll(async () => {
  inviteCode = await createInvite(host.db, { uses: null });
});

const login = (email: string, password: string) =>
  call(`${host.api.url}/api/v1/auth/login/`, 'POST', { body: { email, password } });

async function signedInResident() {
  const details = registration(inviteCode);
  const response = await call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: details });
  const idToken = await signInWithCustomToken(customTokenOf(response.body));
  return { email: details.email, idToken };
}

const profileWith = (idToken: string) =>
  call(`${host.api.url}/api/v1/auth/profile/`, 'GET', {
    headers: { authorization: `Bearer ${idToken}` },
  });

const changePassword = (idToken: string | undefined, body: unknown) =>
  call(`${host.api.url}/api/v1/auth/change-password/`, 'POST', {
    body,
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });

describe('POST /api/v1/auth/change-password/', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const resident = await signedInResident();

    const response = await changePassword(resident.idToken, {
      current_password: strongPassword,
      new_password: 'Changed-Password-9',
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ detail: 'Password updated successfully.' });
    expect((await login(resident.email, 'Changed-Password-9')).status).toBe(200);
    expect((await login(resident.email, strongPassword)).status).toBe(401);
  });

  it('ends every session begun before, and answers a fresh custom token that keeps this device signed in', async () => {
    const resident = await signedInResident();
    const otherDevice = await startIdentitySession(
      customTokenOf((await login(resident.email, strongPassword)).body),
    );

    const response = await changePassword(resident.idToken, {
      current_password: strongPassword,
      new_password: 'Changed-Password-9',
    });

    expect(response.body).toEqual({
      detail: 'Password updated successfully.',
      custom_token: expect.any(String),
    });
    const thisDevice = await signInWithCustomToken(customTokenOf(response.body));
    expect((await profileWith(thisDevice)).status).toBe(200);
    expect((await profileWith(resident.idToken)).status).toBe(401);
    expect((await profileWith(otherDevice.idToken)).status).toBe(401);
    // A token freshly renewed from a refresh token of before the change is refused too.
    const renewed = await refreshIdToken(otherDevice.refreshToken);
    expect(await profileWith(renewed)).toMatchObject({
      status: 401,
      body: { detail: 'Invalid or expired token.' },
    });
  });

  it('refuses a wrong current password with 400, not 401, and keeps the password', async () => {
    const resident = await signedInResident();

    const response = await changePassword(resident.idToken, {
      current_password: 'Not-The-Password-1',
      new_password: 'Changed-Password-9',
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      current_password: ['Your current password was entered incorrectly. Please enter it again.'],
    });
    expect((await login(resident.email, strongPassword)).status).toBe(200);
    expect((await login(resident.email, 'Changed-Password-9')).status).toBe(401);
  });

  it('lists every rule a weak new password breaks, in sentences naming the password', async () => {
    const resident = await signedInResident();

    const response = await changePassword(resident.idToken, {
      current_password: strongPassword,
      new_password: 'abc',
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      new_password: [
        'This password is too short. It must contain at least 8 characters.',
        'The password must contain at least one uppercase letter.',
        'The password must contain at least one digit.',
      ],
    });
    expect((await login(resident.email, strongPassword)).status).toBe(200);
  });

  it.each([
    ['lowercase1only', 'The password must contain at least one uppercase letter.'],
    ['UPPERCASE1ONLY', 'The password must contain at least one lowercase letter.'],
  ])('refuses the new password %p', async (newPassword, message) => {
    const resident = await signedInResident();

    const response = await changePassword(resident.idToken, {
      current_password: strongPassword,
      new_password: newPassword,
    });

    expect(response.body).toEqual({ new_password: [message] });
  });

  it('names the missing fields', async () => {
    const resident = await signedInResident();

    const response = await changePassword(resident.idToken, {});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      current_password: ['This field is required.'],
      new_password: ['This field is required.'],
    });
  });

  it('answers 401 without a token, and with a token that is not one', async () => {
    const change = { current_password: strongPassword, new_password: 'Changed-Password-9' };

    const withoutToken = await changePassword(undefined, change);
    const withBadToken = await changePassword('not-a-token', change);

    expect(withoutToken.status).toBe(401);
    expect(withoutToken.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(withBadToken.status).toBe(401);
    expect(withBadToken.body).toEqual({ detail: 'Invalid or expired token.' });
  });

  it('answers 429 after five wrong current passwords, for that resident only', async () => {
    const guessed = await signedInResident();
    const other = await signedInResident();
    for (let guess = 0; guess < 5; guess += 1) {
      const response = await changePassword(guessed.idToken, {
        current_password: `Guess-Number-${guess}`,
        new_password: 'Changed-Password-9',
      });
      expect(response.status).toBe(400);
    }

    const blocked = await changePassword(guessed.idToken, {
      current_password: strongPassword,
      new_password: 'Changed-Password-9',
    });
    const otherResident = await changePassword(other.idToken, {
      current_password: strongPassword,
      new_password: 'Changed-Password-9',
    });

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: expect.stringMatching(
        /^Too many failed password attempts\. Try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(guessed.email, strongPassword)).status).toBe(200);
    expect(otherResident.status).toBe(200);
  });
});
