import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/stack/chromium';
import { startServedApp, type ServedApp } from './flows/served-app';

jest.setTimeout(60_000);

/**
 * The development bundle's "Open inspector" button (src/shell/inspector-controls.ts). The
 * inspector page itself loads from stately.ai, which this machine cannot reach: a stand-in page
 * answers for it. The production bundle's lack of it is test/build/production-bundle.test.ts.
 */
let web: ServedApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let inspectorPages: string[];

beforeAll(async () => {
  [web, browser] = await Promise.all([startServedApp('development'), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await web?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ reducedMotion: 'reduce' });
  inspectorPages = [];
  // The inspector window: a stand-in for stately.ai that records each opening.
  await context.route('https://stately.ai/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stately inspector</title>' }),
  );
  context.on('page', (opened) => {
    if (opened.url().startsWith('https://stately.ai/')) inspectorPages.push(opened.url());
  });
  // Nobody is signed in and the API host answers nothing: the pages need neither here.
  await context.route(
    (url) => url.pathname.startsWith('/api/') || url.pathname.includes('googleapis.com'),
    (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
  );
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

const openButton = () => page.getByRole('button', { name: 'Open inspector', exact: true });
const blockedWarning =
  'The browser blocked the inspector window. Allow pop-ups for this site, or press "Open inspector".';

test('the button opens the inspector, and the choice survives a redirect and a reload', async () => {
  await page.goto(`${web.origin}/my-permits`);
  await page.waitForURL((url) => url.pathname === '/login');
  const popup = page.waitForEvent('popup');
  await openButton().click();
  const inspectorWindow = await popup;
  expect(inspectorWindow.url()).toBe('https://stately.ai/inspect');
  let openings = 1;
  inspectorWindow.on('framenavigated', () => (openings += 1));
  await page.getByRole('button', { name: 'Inspector open', exact: true }).waitFor();

  // A redirect (a protected page sends the visitor to /login) and a reload open it again, in
  // the same window.
  await page.goto(`${web.origin}/settings/change-password`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Inspector open', exact: true }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Inspector open', exact: true }).waitFor();
  expect(openings).toBe(3);
  expect(inspectorPages).toEqual(['https://stately.ai/inspect']);
});

test('a blocked inspector window is said on the page, and the button opens it again', async () => {
  // The browser's popup blocker, as it answers an opening that no click started.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args) => (navigator.userActivation.isActive ? open(...args) : null);
  });
  await page.goto(`${web.origin}/login`);
  await page.evaluate((key) => sessionStorage.setItem(key, 'open'), 'kerbside.inspector');
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'blocked the inspector window' });
  expect(await warning.textContent()).toBe(blockedWarning);

  await openButton().click();
  await page.getByRole('button', { name: 'Inspector open', exact: true }).waitFor();
  expect(await warning.count()).toBe(0);
});

test('until the button is pressed in this tab, nothing opens by itself', async () => {
  await page.goto(`${web.origin}/login`);
  await openButton().waitFor();
  expect(inspectorPages).toEqual([]);
});

test('the development server sends the pages with their Content-Security-Policy, framing refused, nosniff and no X-Powered-By', async () => {
  const answer = await page.goto(`${web.origin}/login`);
  expect(answer?.headers()).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  });
  expect(answer?.headers()['x-powered-by']).toBeUndefined();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
});
