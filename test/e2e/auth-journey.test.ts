import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { registerThroughForm, type E2eResident } from './resident-journeys';
import { startStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(120_000);

let fixture: StackFixture;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const inviteCode = `E2E-${Date.now()}`;

beforeAll(async () => {
  fixture = await startStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--uses', '10');
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

const successMessages = [
  'Registration successful! Redirecting to dashboard...',
  'Login successful! Redirecting to dashboard...',
];
let shownMessages: Set<string>;

beforeEach(async () => {
  context = await browser.newContext({ reducedMotion: 'reduce' });
  page = await context.newPage();
  // The success messages stand only until the redirect they announce, often a few dozen
  // milliseconds: an observer in every document the page loads records that they were shown.
  shownMessages = new Set();
  await page.exposeFunction('reportShownMessage', (text: string) => shownMessages.add(text));
  await page.addInitScript((texts: string[]) => {
    const report = (window as unknown as { reportShownMessage(text: string): void })
      .reportShownMessage;
    new MutationObserver(() => {
      const shown = document.body?.textContent ?? '';
      texts.filter((text) => shown.includes(text)).forEach(report);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, successMessages);
});

afterEach(async () => {
  await context.close();
});

const url = (route: string) => `${fixture.stack.webUrl}${route}`;

const register = (resident: E2eResident) =>
  registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);

async function signIn(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const navigation = () => page.getByRole('navigation');

test('a resident registers, lands in the shell, logs out, logs in, and deep links need a session', async () => {
  const resident = {
    email: `ada.${Date.now()}@example.com`,
    first: 'Ada',
    last: 'Lovelace',
    password: 'Analytical1',
  };

  await page.goto(url('/my-permits'));
  await page.waitForURL(url('/login'));

  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(url('/register'));
  await register(resident);
  await page.waitForURL(url('/'));
  expect(shownMessages).toContain('Registration successful! Redirecting to dashboard...');

  for (const entry of ['Dashboard', 'Add Permit', 'My Permits', 'How to Guide', 'Settings']) {
    await navigation().getByRole('link', { name: entry }).waitFor();
  }
  await page.getByRole('contentinfo').getByText(`${new Date().getFullYear()}`).waitFor();
  await page.getByRole('contentinfo').getByText('Kerbside').waitFor();

  const avatar = page.getByRole('button', { name: /account menu/i });
  await expectText(avatar, 'AL');
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(url('/login'));
  expect(await navigation().count()).toBe(0);

  await signIn(resident.email, resident.password);
  await page.waitForURL(url('/'));
  expect(shownMessages).toContain('Login successful! Redirecting to dashboard...');
  await navigation().getByRole('link', { name: 'My Permits' }).click();
  await page.waitForURL(url('/my-permits'));
  await page.getByRole('heading', { name: 'My Permits' }).waitFor();

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(url('/login'));

  await page.goto(url('/settings'));
  await page.waitForURL(url('/login'));
  expect(await navigation().count()).toBe(0);
});

test('a resident whose account is disabled is logged out at the next validity check', async () => {
  const resident = {
    email: `grace.${Date.now()}@example.com`,
    first: 'Grace',
    last: 'Hopper',
    password: 'Compiler1A',
  };
  await register(resident);
  await page.waitForURL(url('/'));

  await fixture.admin('user', 'disable', resident.email);
  await navigation().getByRole('link', { name: 'How to Guide' }).click();

  await page.waitForURL(url('/login'));
  expect(await navigation().count()).toBe(0);

  await signIn(resident.email, resident.password);
  await page.getByRole('alert').waitFor();
  expect(page.url()).toBe(url('/login'));
});

async function expectText(locator: ReturnType<Page['locator']>, text: string) {
  await locator.waitFor();
  expect((await locator.innerText()).trim()).toBe(text);
}
