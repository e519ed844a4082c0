import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fixture = await startStackFixture();
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

const url = (route: string) => `${fixture.stack.webUrl}${route}`;

test('the production app links a manifest whose icons are served', async () => {
  await page.goto(url('/login'));
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(url(href!))).json()) as {
    display: string;
    icons: Array<{ src: string; type: string }>;
  };
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons) {
    const response = await page.request.get(url(icon.src));
    expect([icon.src, response.status(), response.headers()['content-type']]).toEqual([
      icon.src,
      200,
      'image/png',
    ]);
  }
});

test('the service worker takes control, and offline a reload of /login still shows the sign-in form', async () => {
  await page.goto(url('/login'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });

  await context.setOffline(true);
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    await page.goto(url('/register'));
    await page.getByLabel('Invite code').waitFor({ timeout: 15_000 });
  } finally {
    await context.setOffline(false);
  }
});
