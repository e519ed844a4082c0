import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/stack/chromium';
import { registerThroughForm, type E2eResident } from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(120_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;

const inviteCode = `E2E-START-${Date.now()}`;
const resident: E2eResident = {
  email: `mary.${Date.now()}@example.com`,
  first: 'Mary',
  last: 'Somerville',
  password: 'Mechanism1831',
};

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode);
  browser = await launchChromium();
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

// The browser's date data, which luxon's first London time would otherwise load on the main thread
// inside the list's first render, is loaded by a worker at the app's start (src/shell/start-app.tsx).
// It must run on a signed-in page, make its formatter without an error and end: a worker that threw
// would stay open, and one the page's content security policy refused would never start.
test('a signed-in page loads the browser’s date data in a worker that then ends', async () => {
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.getByText('Welcome, Mary!').waitFor();
  const workers: { path: string; ended: Promise<unknown> }[] = [];
  page.on('worker', (worker) =>
    workers.push({ path: new URL(worker.url()).pathname, ended: worker.waitForEvent('close') }),
  );
  await page.goto(`${fixture.stack.webUrl}/my-permits`);
  await page.getByText('No permits found matching your criteria.').waitFor();
  expect(workers.map((worker) => worker.path)).toEqual(['/date-formatting-warm-up.js']);
  await workers[0]!.ended;
});
