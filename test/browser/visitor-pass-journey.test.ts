import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  inviterHasNoPermitsLeftMessage,
  visitorPassUnusableMessage,
} from '../../contract/visitor-pass';
import { launchChromium } from '../../scripts/stack/chromium';
import { latestMs } from '../../src/shell/after-page-settles';
import { axeViolations } from './axe';
import {
  createVisitorPass,
  fillPermitDateTime,
  londonTimestamp,
  permitsStoredFor,
  registerThroughApi,
  residentApi,
  type E2eResident,
} from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
/** The resident's browser, signed in. */
let residentPage: Page;

const stamp = Date.now();
const resident: E2eResident = {
  email: `grace.${stamp}@example.com`,
  first: 'Grace',
  last: 'Hopper',
  password: 'Compiler1952',
};
/** A resident whose only permit uses up their limit of one. */
const residentAtLimit: E2eResident = {
  email: `edith.${stamp}@example.com`,
  first: 'Edith',
  last: 'Clarke',
  password: 'Calculator1921',
};

const leavingInTwoDays = () =>
  DateTime.now().setZone('Europe/London').plus({ days: 2 }).set({ hour: 16, minute: 0 });

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', `E2E-PASS-${stamp}`, '--permit-limit', '10');
  await fixture.admin('invite', 'create', '--code', `E2E-PASS-ONE-${stamp}`, '--permit-limit', '1');
  await registerThroughApi(fixture.stack, `E2E-PASS-${stamp}`, resident);
  await registerThroughApi(fixture.stack, `E2E-PASS-ONE-${stamp}`, residentAtLimit);
  browser = await launchChromium();
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: fixture.stack.webUrl,
  });
  residentPage = await context.newPage();
  await residentPage.goto(`${fixture.stack.webUrl}/login`);
  await residentPage.getByLabel('Email').fill(resident.email);
  await residentPage.getByLabel('Password').fill(resident.password);
  await residentPage.getByRole('button', { name: 'Sign in' }).click();
  await residentPage.waitForURL(`${fixture.stack.webUrl}/`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** A browser context of its own, as a visitor's phone has: no session, no cookies, 390×844. */
async function visitorPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** Fills the visitor's booking form with a car and a time to leave, and presses "Book parking". */
async function book(page: Page, vrm: string) {
  await page.getByRole('heading', { level: 1, name: 'Book visitor parking' }).waitFor();
  await page.getByLabel('Registration number').fill(vrm);
  await page.getByLabel('Make').fill('Morris');
  await page.getByLabel('Model').fill('Minor');
  await fillPermitDateTime(page, 'Expiry date', leavingInTwoDays().toFormat("yyyy-MM-dd'T'HH:mm"));
  await page.getByLabel('I have verified that the details of this permit are correct.').check();
  await page.getByRole('button', { name: 'Book parking' }).click();
}

/**
 * Opens `link` in a fresh visitor context and expects the one answer for every unusable link;
 * answers what the page's main region says, for the cases to be compared.
 */
async function expectUnusable(link: string): Promise<string> {
  const { context, page } = await visitorPhone();
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: visitorPassUnusableMessage }).waitFor();
  await page.getByText('Ask the person who sent you the link for a new one.').waitFor();
  // Nothing says which of used up, withdrawn, expired or unknown it was.
  const said = await page.getByRole('main').innerText();
  expect(said).not.toMatch(/used up|withdrawn|expired|unknown/i);
  expect(await page.getByLabel('Registration number').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
  return said;
}

/** Makes a pass on the "Send a visitor pass" page and answers the link "Copy link" copied. */
async function sendPassInBrowser(name: string): Promise<string> {
  await residentPage.goto(`${fixture.stack.webUrl}/my-permits`);
  await residentPage.getByRole('link', { name: 'Send a visitor pass' }).click();
  await residentPage.getByRole('heading', { level: 1, name: 'Send a visitor pass' }).waitFor();
  await residentPage.getByLabel('Name (optional)').fill(name);
  expect(await residentPage.getByLabel('Number of permits').inputValue()).toBe('1');
  await residentPage.getByRole('button', { name: 'Create link' }).click();
  const field = residentPage.getByRole('textbox', { name: 'Visitor pass link' });
  await field.waitFor();
  expect(await axeViolations(residentPage)).toEqual([]);
  await residentPage.getByRole('button', { name: 'Copy link' }).click();
  await residentPage.getByText('The link is copied.').waitFor();
  const copied = await residentPage.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());
  expect(copied).toMatch(new RegExp(`^${fixture.stack.webUrl}/visit/[A-Za-z0-9_-]{22,}$`));
  return copied;
}

test('a resident sends a link; a visitor with no account books on it; My Permits lists the permit; the link then says it can no longer be used', async () => {
  const link = await sendPassInBrowser('Mum');

  const visitor = await visitorPhone();
  await visitor.page.goto(link);
  // By first name only.
  await visitor.page.getByText(/^Grace has invited you to park here until /).waitFor();
  expect(await visitor.page.getByRole('main').innerText()).not.toContain(resident.last);
  expect(await axeViolations(visitor.page)).toEqual([]);
  // The visitor's page has no navigation bar, like /login.
  expect(await visitor.page.getByRole('link', { name: 'My Permits' }).count()).toBe(0);
  await book(visitor.page, 'MK57 WXY');
  await visitor.page.getByRole('heading', { level: 1, name: 'Visitor parking booked' }).waitFor();
  await visitor.page.getByText('MK57 WXY').waitFor();
  await visitor.page
    .getByText(leavingInTwoDays().toFormat('dd/MM/yyyy HH:mm'), { exact: true })
    .waitFor();
  await visitor.page.getByRole('button', { name: 'Add to calendar' }).waitFor();
  expect(await axeViolations(visitor.page)).toEqual([]);
  await visitor.context.close();

  await residentPage.goto(`${fixture.stack.webUrl}/my-permits`);
  const results = residentPage.getByRole('region', { name: 'Results' });
  await results.getByText('MK57WXY').or(results.getByText('MK57 WXY')).first().waitFor();
  await results.getByText('Visitor pass: Mum').first().waitFor();
  expect(
    (await permitsStoredFor(fixture.stack, resident)).filter((permit) => permit.vrm === 'MK57WXY'),
  ).toHaveLength(1);

  await expectUnusable(link);
});

test('a withdrawn pass, an expired pass and an unknown link all show "This visitor pass can no longer be used"', async () => {
  const withdrawnLink = await sendPassInBrowser('Plumber');
  await residentPage.goto(`${fixture.stack.webUrl}/visitor-passes`);
  const passes = residentPage.getByRole('table', { name: 'Visitor passes' });
  await passes.getByRole('button', { name: 'Withdraw Plumber' }).click();
  await passes.getByText('Withdrawn', { exact: true }).waitFor();
  expect(await axeViolations(residentPage)).toEqual([]);
  const withdrawn = await expectUnusable(withdrawnLink);

  const api = await residentApi(fixture.stack, resident);
  const expiring = await createVisitorPass(api, 'Window cleaner', { seconds: 3 });
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const expired = await expectUnusable(`${fixture.stack.webUrl}/visit/${expiring.token}`);
  const unknown = await expectUnusable(`${fixture.stack.webUrl}/visit/${'x'.repeat(43)}`);
  // Word for word the same page, whichever it was.
  expect(new Set([withdrawn, expired, unknown]).size).toBe(1);
});

test('a visitor’s link installs no service worker, whose install would download the resident’s whole app', async () => {
  const { context, page } = await visitorPhone();
  try {
    await page.goto(`${fixture.stack.webUrl}/visit/${'y'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: visitorPassUnusableMessage }).waitFor();
    // Where the app registers the worker (src/main.tsx), it does so once the page has settled:
    // `latestMs` after load at the latest.
    await page.waitForTimeout(latestMs + 2_000);

    const registrations = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    expect(await registrations()).toBe(0);

    // The same browser on the resident's /login does register it: the look above could see one.
    await page.goto(`${fixture.stack.webUrl}/login`);
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistrations()).length > 0,
      undefined,
      { timeout: 60_000, polling: 250 },
    );
  } finally {
    await context.close();
  }
});

test('a pass whose resident is at their limit books nothing, and says so', async () => {
  const api = await residentApi(fixture.stack, residentAtLimit);
  const pass = await createVisitorPass(api, '', { days: 7 });
  const ownPermit = await api.call('POST', '/api/v1/permits/', {
    vrm: 'EC21 ABC',
    make: 'Austin',
    model: 'Seven',
    colour: '',
    driver_first: '',
    driver_last: '',
    start_ts: londonTimestamp(DateTime.now()),
    end_ts: null,
  });
  expect(ownPermit.status).toBe(201);

  const visitor = await visitorPhone();
  await visitor.page.goto(`${fixture.stack.webUrl}/visit/${pass.token}`);
  await book(visitor.page, 'LD62 RST');
  await visitor.page.getByText(inviterHasNoPermitsLeftMessage).first().waitFor();
  expect(await visitor.page.getByRole('heading', { name: 'Visitor parking booked' }).count()).toBe(
    0,
  );
  expect(await axeViolations(visitor.page)).toEqual([]);
  await visitor.context.close();

  expect(
    (await permitsStoredFor(fixture.stack, residentAtLimit)).map((permit) => permit.vrm),
  ).toEqual(['EC21ABC']);
});

test('a visitor who loses their signal while filling the form is told, on "Book parking", that it could not be booked', async () => {
  const api = await residentApi(fixture.stack, resident);
  const pass = await createVisitorPass(api, 'Godmother', { days: 3 });
  const visitor = await visitorPhone();
  try {
    await visitor.page.goto(`${fixture.stack.webUrl}/visit/${pass.token}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Book visitor parking' }).waitFor();
    // The form's rules come once the visitor pauses in the form, before the signal goes.
    const rulesAsked = visitor.page.waitForRequest(
      (request) => request.resourceType() === 'script',
    );
    await visitor.page.getByLabel('Registration number').focus();
    await rulesAsked;
    await visitor.page.waitForLoadState('networkidle');
    await visitor.context.setOffline(true);

    await book(visitor.page, 'GM70 THR');

    await visitor.page
      .getByText('Your parking could not be booked. Please try again.')
      .first()
      .waitFor({ timeout: 10_000 });
    await visitor.context.setOffline(false);
    await visitor.page.getByRole('button', { name: 'Book parking' }).click();
    await visitor.page.getByRole('heading', { level: 1, name: 'Visitor parking booked' }).waitFor();
  } finally {
    await visitor.context.close();
  }
});

test('a booking whose answer is lost on the way is shown, not booked twice, when "Book parking" is pressed again', async () => {
  const api = await residentApi(fixture.stack, resident);
  const pass = await createVisitorPass(api, 'Nephew', { days: 3 });
  const visitor = await visitorPhone();
  // The first booking reaches the host, which books it; its answer never reaches the page.
  let booked = 0;
  await visitor.page.route(
    '**/api/v1/visitor-passes/visit/*/book/',
    async (route) => {
      await route.fetch();
      booked += 1;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await visitor.page.goto(`${fixture.stack.webUrl}/visit/${pass.token}`);
  await book(visitor.page, 'NP19 LST');
  await visitor.page
    .getByText('Your parking could not be booked. Please try again.')
    .first()
    .waitFor();
  expect(booked).toBe(1);

  await visitor.page.getByRole('button', { name: 'Book parking' }).click();

  await visitor.page.getByRole('heading', { level: 1, name: 'Visitor parking booked' }).waitFor();
  await visitor.page.getByText('NP19 LST').waitFor();
  expect(await axeViolations(visitor.page)).toEqual([]);
  await visitor.context.close();
  expect(
    (await permitsStoredFor(fixture.stack, resident)).filter((permit) => permit.vrm === 'NP19LST'),
  ).toHaveLength(1);
});
