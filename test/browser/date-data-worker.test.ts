import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  createVisitorPass,
  registerThroughApi,
  registerThroughForm,
  residentApi,
  type E2eResident,
} from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(120_000);

let fixture: StackFixture;
let browser: Browser;

const inviteCode = `E2E-DATES-${Date.now()}`;
const resident: E2eResident = {
  email: `mary.${Date.now()}@example.com`,
  first: 'Mary',
  last: 'Somerville',
  password: 'Mechanism1831',
};
const inviter: E2eResident = {
  email: `caroline.${Date.now()}@example.com`,
  first: 'Caroline',
  last: 'Herschel',
  password: 'Comets1786',
};

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--uses', 'unlimited');
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** The workers `page` starts from now on: each one's path, and a promise kept when it ends. */
function workersOf(page: Page): { path: string; ended: Promise<unknown> }[] {
  const workers: { path: string; ended: Promise<unknown> }[] = [];
  page.on('worker', (worker) =>
    workers.push({ path: new URL(worker.url()).pathname, ended: worker.waitForEvent('close') }),
  );
  return workers;
}

// The browser's date data, which luxon's first London time would otherwise load on the main thread
// inside the first render that shows a date, is loaded by a worker at the app's start
// (src/shell/start-app.tsx) on the pages whose first screen shows dates. The worker must start,
// make its formatter without an error and end: one that threw would stay open, and one the pages'
// content security policy refused would never start.
test('a signed-in page loads the browser’s date data in a worker that then ends', async () => {
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.getByText('Welcome, Mary!').waitFor();
  const workers = workersOf(page);
  await page.goto(`${fixture.stack.webUrl}/my-permits`);
  await page.getByText('No permits found matching your criteria.').waitFor();
  expect(workers.map((worker) => worker.path)).toEqual(['/date-formatting-warm-up.js']);
  await workers[0]!.ended;
  await page.context().close();
});

test('a visitor’s link loads the browser’s date data in a worker, with no one signed in', async () => {
  await registerThroughApi(fixture.stack, inviteCode, inviter);
  const pass = await createVisitorPass(
    await residentApi(fixture.stack, inviter),
    'Window cleaner',
    { days: 1 },
  );
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  const workers = workersOf(page);
  await page.goto(`${fixture.stack.webUrl}/visit/${pass.token}`);
  await page.getByText(/has invited you to park here until .* \(UK time\)\./).waitFor();
  expect(workers.map((worker) => worker.path)).toEqual(['/date-formatting-warm-up.js']);
  await workers[0]!.ended;
  await page.context().close();
});
