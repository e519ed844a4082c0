import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  createIndefinitePermitThroughForm,
  registerThroughForm,
  type E2eResident,
} from './resident-journeys';
import { startOwnStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;

const inviteCode = `E2E-ACCOUNT-${Date.now()}`;
const resident: E2eResident = {
  email: `ada.account.${Date.now()}@example.com`,
  first: 'Ada',
  last: 'Byron',
  password: 'Analytical1',
};

beforeAll(async () => {
  fixture = await startOwnStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '5');
  await fixture.admin('cap', 'set', 'monthly', '4');
  browser = await launchChromium();
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

const url = (route: string) => `${fixture.stack.webUrl}${route}`;
const navigation = () => page.getByRole('navigation');

async function expectNoViolations() {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * The password-reset link in the API host's outbox (no SMTP_URL set), waiting for the mail to be
 * written. The message is taken out, so the next call waits for a new one.
 */
async function takeResetLinkFromOutbox(to: string): Promise<string> {
  const outbox = path.join(fixture.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((name) => name.endsWith('.json'))
      : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
        to: Array<{ address: string }>;
        text: string;
      };
      const link = /^http\S+\/reset-password\?uid=\S+&token=\S+$/m.exec(mail.text);
      if (mail.to[0]?.address === to && link) {
        fs.rmSync(path.join(outbox, file));
        return link[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No reset mail to ${to} in ${outbox}`);
}

async function signIn(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(url('/'));
}

async function logOut() {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(url('/login'));
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

test('the dashboard counts what the resident created, and every signed-in screen is accessible', async () => {
  await page.getByText('Welcome, Ada!').waitFor();
  await page.getByText(resident.email).waitFor();
  await expectNoViolations();

  for (const vrm of ['DA51 HHH', 'DA52 HHH']) {
    await createIndefinitePermitThroughForm(page, fixture.stack.webUrl, {
      vrm,
      make: 'Austin',
      model: 'Mini',
    });
  }
  await navigation().getByRole('link', { name: 'Dashboard' }).click();

  const available = page.getByRole('region', { name: 'Available Permits' });
  await available.getByText('40% used').waitFor();
  expect(await available.getByText('Available now').locator('..').innerText()).toContain('3');
  const activated = page.getByRole('region', { name: 'Activated Permits' });
  await activated.getByText(/Monthly activation cap for .+: 2 of 4 used, 2 remaining\./).waitFor();
  expect(await page.getByText('5', { exact: true }).count()).toBe(0);
  await expectNoViolations();

  for (const [entry, heading] of [
    ['How to Guide', 'How to Guide'],
    ['Settings', 'Settings'],
  ] as const) {
    await navigation().getByRole('link', { name: entry }).click();
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectNoViolations();
  }
});

test('at 320 px the header stays under 100 px with every entry behind its Menu; signing out and in is confirmed', async () => {
  await navigation().getByRole('link', { name: 'Dashboard' }).click();
  await page.setViewportSize({ width: 320, height: 640 });
  const header = await page.locator('header').first().boundingBox();
  expect(header?.height).toBeLessThanOrEqual(100);
  // The entries fold behind the Menu button; opened, each is a full 44 px row inside the screen.
  const menu = navigation().getByRole('button', { name: 'Menu' });
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  expect(await navigation().getByRole('link').count()).toBe(0);
  await menu.click();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  for (const entry of ['Dashboard', 'Add Permit', 'My Permits', 'How to Guide', 'Settings']) {
    const box = await navigation().getByRole('link', { name: entry }).boundingBox();
    if (!box) throw new Error(`${entry} is not shown`);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoViolations();
  await navigation().getByRole('link', { name: 'How to Guide' }).click();
  await page.getByRole('heading', { level: 1, name: 'How to Guide' }).waitFor();
  await expectNoViolations();

  await logOut();
  const banner = page.getByRole('status', { name: 'Success' });
  await banner.getByText('You have signed out.').waitFor();
  await expectNoViolations();
  await signIn(resident.email, resident.password);
  await banner.getByText('You are signed in.').waitFor();
  await expectNoViolations();
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('a forgotten password is reset through the e-mailed link, then changed again from Settings', async () => {
  await logOut();
  await expectNoViolations();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
  await page.getByLabel('Email').fill(resident.email);
  await expectNoViolations();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page
    .getByText('Check your email: If the email is registered, a reset link has been sent')
    .waitFor();

  await page.goto(await takeResetLinkFromOutbox(resident.email));
  await page.getByLabel(/^New password/).fill('Difference2');
  await page.getByLabel('Confirm new password').fill('Difference2');
  await expectNoViolations();
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Password reset successful!').waitFor();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.waitForURL(url('/login'));

  await page.getByLabel('Email').fill(resident.email);
  await page.getByLabel('Password').fill(resident.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await signIn(resident.email, 'Difference2');

  await navigation().getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await page.waitForURL(url('/settings/change-password'));
  await page.getByLabel('Current password').fill('Difference2');
  await page.getByLabel(/^New password/).fill('Engine3Analytical');
  await page.getByLabel('Confirm new password').fill('Engine3Analytical');
  await expectNoViolations();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText('Your password has been updated.').waitFor();

  await logOut();
  await signIn(resident.email, 'Engine3Analytical');
});

test('a password change whose answer is lost is found made or not, and the resident stays signed in', async () => {
  const changePassword = async (current: string, next: string) => {
    await page.goto(url('/settings/change-password'));
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel(/^New password/).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Update Password' }).click();
  };
  const isChange = (target: URL) => target.pathname === '/api/v1/auth/change-password/';

  // The connection drops before the host has the request: nothing changed, and the form says so.
  await page.route(isChange, (route) => route.abort('connectionreset'));
  await changePassword('Engine3Analytical', 'Fourth4Engine');
  await page.getByText('Password change failed. Please try again.').waitFor();
  await page.unrouteAll();

  // The host makes the change; its answer never reaches the browser.
  await page.route(isChange, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await changePassword('Engine3Analytical', 'Fourth4Engine');
  await page.getByText('Your password has been updated.').waitFor();
  await page.unrouteAll();

  // The device's session goes on: the route change has the API host check it.
  const sessionCheck = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/auth/profile/',
  );
  await navigation().getByRole('link', { name: 'Dashboard' }).click();
  expect((await sessionCheck).status()).toBe(200);
  await page.getByText('Welcome, Ada!').waitFor();
  await logOut();
  await signIn(resident.email, 'Fourth4Engine');
});

test('a reset link used once cannot be used again', async () => {
  await logOut();
  await page.goto(url('/forgot-password'));
  await page.getByLabel('Email').fill(resident.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page
    .getByText('Check your email: If the email is registered, a reset link has been sent')
    .waitFor();
  const link = await takeResetLinkFromOutbox(resident.email);
  for (const attempt of ['first', 'second']) {
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('Babbage44');
    await page.getByLabel('Confirm new password').fill('Babbage44');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    if (attempt === 'first') await page.getByText('Password reset successful!').waitFor();
  }
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toContain('Invalid or expired reset link');
  await expectNoViolations();
});
