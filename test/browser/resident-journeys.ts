import { DateTime, type DurationLike } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import type { VisitorPassCreated } from '../../contract/visitor-pass';
import type { LocalStack } from '../../scripts/stack/local-stack';
import { signedInMarkKey } from '../../src/identity/signed-in-mark';

export interface E2eResident {
  email: string;
  first: string;
  last: string;
  password: string;
}

/**
 * Resolves once the device is signed out of the identity provider: its signed-in mark
 * (src/identity/signed-in-mark.ts) is gone. Log out shows the sign-in page at once; the provider
 * forgets the session a moment later, and a page opened in between would still find it.
 */
export async function signedOutOnDevice(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) === null, signedInMarkKey, {
    timeout,
  });
}

/** Fills and sends the register form, as a resident with an invite code would. */
export async function registerThroughForm(
  page: Page,
  webUrl: string,
  inviteCode: string,
  resident: E2eResident,
): Promise<void> {
  await page.goto(`${webUrl}/register`);
  await page.getByLabel('Invite code').fill(inviteCode);
  await page.getByLabel('Email').fill(resident.email);
  await page.getByLabel('First name').fill(resident.first);
  await page.getByLabel('Last name').fill(resident.last);
  await page.getByLabel('Password').fill(resident.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Registers a resident with the API host directly, for tests whose subject is not registering. */
export async function registerThroughApi(
  stack: LocalStack,
  inviteCode: string,
  resident: E2eResident,
): Promise<void> {
  const response = await fetch(`${stack.apiUrl}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      invite_code: inviteCode,
      email: resident.email,
      first_name: resident.first,
      last_name: resident.last,
      password: resident.password,
    }),
  });
  if (!response.ok) throw new Error(`Registration refused: ${await response.text()}`);
}

/** Calls to the API host on a resident's behalf, with their bearer token. */
export interface ResidentApi {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/**
 * Signs in the way the web app does (the API host's login, then the Auth emulator) and calls the
 * API host directly: what the server stored, not what a screen shows.
 */
export async function residentApi(
  stack: LocalStack,
  resident: Pick<E2eResident, 'email' | 'password'>,
): Promise<ResidentApi> {
  const login = await fetch(`${stack.apiUrl}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: resident.email, password: resident.password }),
  });
  if (!login.ok) throw new Error(`Sign-in refused: ${login.status} ${await login.text()}`);
  const { custom_token: customToken } = (await login.json()) as { custom_token: string };
  const signIn = await fetch(
    `http://${stack.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  return {
    async call(method, path, body) {
      const response = await fetch(`${stack.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

/** London wall time as the contract's timestamps carry it ('yyyy-MM-ddTHH:mm:ss'). */
export const londonTimestamp = (value: DateTime): string =>
  value.setZone('Europe/London').toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** London wall time `duration` from now (days added on London's calendar), as the API takes it. */
export const londonIn = (duration: DurationLike): string =>
  londonTimestamp(DateTime.now().setZone('Europe/London').plus(duration));

/** A visitor pass the resident makes through the API host, usable from now for `lasting`. */
export async function createVisitorPass(
  api: ResidentApi,
  name: string,
  lasting: DurationLike,
): Promise<VisitorPassCreated> {
  const now = DateTime.now();
  const created = await api.call('POST', '/api/v1/visitor-passes/', {
    name,
    valid_from: londonTimestamp(now),
    valid_until: londonTimestamp(now.plus(lasting)),
  });
  if (created.status !== 201) throw new Error(`Pass refused: ${JSON.stringify(created.body)}`);
  return created.body as VisitorPassCreated;
}

/** Every permit of the resident, as the API host stores them (newest first). */
export async function permitsStoredFor(
  stack: LocalStack,
  resident: Pick<E2eResident, 'email' | 'password'>,
): Promise<Array<Record<string, unknown>>> {
  const api = await residentApi(stack, resident);
  const { body } = await api.call('GET', '/api/v1/permits/');
  return (body as { results: Array<Record<string, unknown>> }).results;
}

/** Creates an indefinite permit through the Add Permit form and waits for My Permits. */
export async function createIndefinitePermitThroughForm(
  page: Page,
  webUrl: string,
  vehicle: { vrm: string; make: string; model: string },
): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Add Permit' }).click();
  await page.getByRole('button', { name: 'Create Permit' }).waitFor();
  await page.getByLabel('Registration number').fill(vehicle.vrm);
  await page.getByLabel(/^Make/).fill(vehicle.make);
  await page.getByLabel(/^Model/).fill(vehicle.model);
  await page.getByLabel('Set as Indefinite').check();
  await page.getByLabel('I have verified that the details of this permit are correct.').check();
  await page.getByRole('button', { name: 'Create Permit' }).click();
  await page.waitForURL(`${webUrl}/my-permits`);
}

/**
 * Types a London wall time ('2026-11-24T14:30') into a date input (src/ui/date-time-input.tsx) as a
 * keyboard user does: into Day, then Tab to each next box, each box's old digits replaced, key by
 * key in UK order. `within` is the page or a dialog; `label` the input's legend.
 */
export async function typeDateTime(
  page: Page,
  within: Page | Locator,
  label: string,
  value: string,
): Promise<void> {
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minute = ''] = time.split(':');
  const group = within.getByRole('group', { name: label, exact: true });
  await group.getByRole('textbox', { name: 'Day', exact: true }).click();
  for (const [index, digits] of [day, month, year, hour, minute].entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(digits);
  }
}

/** Puts a London date and time ('yyyy-MM-ddTHH:mm') in the Add Permit date input labelled `label`. */
export async function fillPermitDateTime(page: Page, label: string, value: string): Promise<void> {
  await typeDateTime(page, page, label, value);
}

/** Presses "Create Permit" and waits for My Permits; a refusal shown instead fails with its text. */
export async function submitAndExpectMyPermits(page: Page, webUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Permit' }).click();
  await Promise.race([
    page.waitForURL(`${webUrl}/my-permits`),
    page
      .getByRole('alert')
      .first()
      .waitFor()
      .then(async () => {
        throw new Error(`Refused: ${await page.getByRole('alert').first().innerText()}`);
      }),
  ]);
  // The route's screen loads after the address changes.
  await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();
}

/** A fresh Add Permit form: from another page through the navigation bar, as a resident would. */
export async function openAddPermit(page: Page, webUrl: string): Promise<void> {
  if (page.url().endsWith('/add-permit')) {
    await page.getByRole('link', { name: 'Back to Permits' }).click();
    await page.waitForURL(`${webUrl}/my-permits`);
  }
  await page.getByRole('navigation').getByRole('link', { name: 'Add Permit' }).click();
  await page.getByRole('heading', { name: 'Add New Permit' }).waitFor();
  await page.getByRole('button', { name: 'Create Permit' }).waitFor();
}
