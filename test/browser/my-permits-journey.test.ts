import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  createIndefinitePermitThroughForm,
  londonIn,
  registerThroughForm,
  residentApi,
  type E2eResident,
  type ResidentApi,
  typeDateTime,
} from './resident-journeys';
import { startOwnStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(240_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;
let api: ResidentApi;

const inviteCode = `E2E-LIST-${Date.now()}`;
const resident: E2eResident = {
  email: `katherine.${Date.now()}@example.com`,
  first: 'Katherine',
  last: 'Johnson',
  password: 'Trajectory7',
};

// A slow parking provider, so a permit stays Queued long enough to be seen becoming Active.
const providerLatency = { name: 'PROVIDER_LATENCY_MS', value: '4000' };
const previousLatency = process.env[providerLatency.name];

/** A London wall time, as the Update dialog's date inputs hold it. */
const pickerIn = (duration: { days?: number }) =>
  DateTime.now().setZone('Europe/London').plus(duration).toFormat("yyyy-MM-dd'T'HH:mm");

const registration = (index: number) => `LST${String(index).padStart(2, '0')}`;

beforeAll(async () => {
  process.env[providerLatency.name] = providerLatency.value;
  fixture = await startOwnStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '100');
  await fixture.admin('settings', 'set', 'can_schedule_permits', 'true');
  browser = await launchChromium();
  page = await (
    await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } })
  ).newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
  api = await residentApi(fixture.stack, resident);
  // 45 scheduled permits, created today, so the default filters show them all.
  for (let index = 1; index <= 45; index += 1) {
    const created = await api.call('POST', '/api/v1/permits/', {
      vrm: registration(index),
      make: index === 7 ? 'Tesla' : 'Ford',
      model: index === 7 ? 'Model 3' : 'Focus',
      colour: 'Grey',
      driver_first: '',
      driver_last: '',
      start_ts: londonIn({ days: 10, minutes: index }),
      end_ts: null,
    });
    expect(created.status).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
  if (previousLatency === undefined) delete process.env[providerLatency.name];
  else process.env[providerLatency.name] = previousLatency;
});

const url = (route: string) => `${fixture.stack.webUrl}${route}`;
const results = () => page.getByRole('region', { name: 'Results' });
const rowOf = (vrm: string): Locator =>
  page.getByRole('table', { name: 'Permits' }).getByRole('row').filter({ hasText: vrm });

async function expectShowing(text: string) {
  await results().getByText(text, { exact: true }).waitFor();
}

async function openMyPermits() {
  await page.getByRole('navigation').getByRole('link', { name: 'My Permits' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();
}

/** Marks the page, so a test can tell that nothing reloaded it. */
async function markPage() {
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
}
async function expectSamePage() {
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
}

async function permitStored(vrm: string): Promise<Record<string, unknown>> {
  const { body } = await api.call('GET', `/api/v1/permits/?search=${vrm}`);
  const [permit] = (body as { results: Array<Record<string, unknown>> }).results;
  if (!permit) throw new Error(`${vrm} is not stored`);
  return permit;
}

test('pages through 45 permits; Back, reload, search, status and date filters and Reset all hold', async () => {
  await openMyPermits();
  await expectShowing('showing 1-20 of 45');
  await results().getByText('Page 1 of 3', { exact: true }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Next' }).click();
  await expectShowing('showing 21-40 of 45');
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expectShowing('showing 41-45 of 45');
  await results().getByText('Page 3 of 3', { exact: true }).waitFor();
  await page.goBack();
  await expectShowing('showing 21-40 of 45');
  await page.reload();
  await expectShowing('showing 21-40 of 45');

  await page.getByLabel('Search permits').fill('tesla');
  await page.getByLabel('Search permits').press('Enter');
  await expectShowing('showing 1-1 of 1');
  expect(await rowOf(registration(7)).count()).toBe(1);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expectShowing('showing 1-20 of 45');
  expect(await page.getByLabel('Search permits').inputValue()).toBe('');

  await page.getByRole('button', { name: 'Status: All' }).click();
  await page.getByRole('button', { name: 'Deselect All' }).click();
  await page.getByRole('checkbox', { name: 'Active' }).check();
  await results().getByText('No permits found matching your criteria.').waitFor();
  await page.getByRole('checkbox', { name: 'Scheduled' }).check();
  await expectShowing('showing 1-20 of 45');
  await page.getByRole('button', { name: 'Status: 2 selected' }).click();

  // Typed box by box in UK order, then Enter, as in every date input of the product.
  await typeDateTime(page, page, 'Created from', pickerIn({ days: 1 }));
  await page.keyboard.press('Enter');
  await results().getByText('No permits found matching your criteria.').waitFor();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expectShowing('showing 1-20 of 45');
});

test('sets a scheduled permit live, sees it go Queued to Active without a reload, then cancels it', async () => {
  await openMyPermits();
  await page.getByLabel('Search permits').fill(registration(1));
  await page.getByLabel('Search permits').press('Enter');
  await expectShowing('showing 1-1 of 1');
  await markPage();

  await rowOf(registration(1))
    .getByRole('button', { name: /^Set Live Now/ })
    .click();
  const activate = page.getByRole('alertdialog', { name: 'Set Permit Live Now' });
  await activate.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await activate.getByRole('button', { name: 'Set Live Now' }).click();
  await activate.waitFor({ state: 'detached' });
  await rowOf(registration(1)).getByText('Queued', { exact: true }).waitFor();
  await rowOf(registration(1)).getByText('Active', { exact: true }).waitFor({ timeout: 30_000 });
  await expectSamePage();

  await rowOf(registration(1))
    .getByRole('button', { name: /^Cancel/ })
    .click();
  const cancel = page.getByRole('alertdialog', { name: 'Cancel Permit' });
  await cancel.getByText(/This cannot be undone\./).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await cancel.getByRole('button', { name: 'Cancel Permit' }).click();
  await cancel.waitFor({ state: 'detached' });
  await rowOf(registration(1)).getByText('Cancelled', { exact: true }).waitFor({ timeout: 30_000 });
  // Nothing left to change: only "Add to calendar" and "Add again" stay on a cancelled row.
  expect(
    await rowOf(registration(1))
      .getByRole('button', { name: /^(Update|Set Live Now|Cancel) permit/ })
      .count(),
  ).toBe(0);
  expect(await rowOf(registration(1)).getByRole('button').count()).toBe(2);
  await expectSamePage();
  expect((await permitStored(registration(1))).status).toBe('CANCELLED');
});

test('updates one scheduled permit start and another one expiry', async () => {
  await openMyPermits();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expectShowing('showing 1-20 of 45');

  const newStart = pickerIn({ days: 20 });
  await rowOf(registration(44))
    .getByRole('button', { name: /^Update/ })
    .click();
  const schedule = page.getByRole('dialog', { name: 'Update Scheduled Permit' });
  await schedule.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await typeDateTime(page, schedule, 'New start date', newStart);
  await schedule.getByRole('button', { name: 'Update Schedule' }).click();
  await schedule.waitFor({ state: 'detached' });
  expect((await permitStored(registration(44))).start_ts).toBe(
    DateTime.fromISO(newStart, { zone: 'Europe/London' }).toUTC().toISO(),
  );

  const newExpiry = pickerIn({ days: 30 });
  await rowOf(registration(45))
    .getByRole('button', { name: /^Update/ })
    .click();
  const expiry = page.getByRole('dialog', { name: 'Update Scheduled Permit' });
  await typeDateTime(page, expiry, 'New expiry date', newExpiry);
  await expiry.getByRole('button', { name: 'Update Schedule' }).click();
  await expiry.waitFor({ state: 'detached' });
  expect((await permitStored(registration(45))).end_ts).toBe(
    DateTime.fromISO(newExpiry, { zone: 'Europe/London' }).toUTC().toISO(),
  );
  await rowOf(registration(45))
    .getByText(DateTime.fromISO(newExpiry).toFormat('dd/MM/yyyy HH:mm'))
    .waitFor();
});

test('a permit just created shows as Queued on My Permits and turns Active by itself', async () => {
  await createIndefinitePermitThroughForm(page, fixture.stack.webUrl, {
    vrm: 'NEW 1',
    make: 'Kia',
    model: 'Niro',
  });
  expect(page.url()).toBe(url('/my-permits'));
  await markPage();
  await rowOf('NEW1').getByText('Queued', { exact: true }).waitFor();
  await rowOf('NEW1').getByText('Active', { exact: true }).waitFor({ timeout: 30_000 });
  await expectSamePage();
});

test('on a phone the first permit starts in the top half, the filters and navigation folded', async () => {
  const firstPermit = page.getByRole('list', { name: 'Permits' }).getByRole('listitem').first();
  // The card's first line: the registration, in bold.
  const firstRegistration = firstPermit.locator('p').first();
  /** Where the first permit's card and its registration are, in CSS pixels from the top. */
  const firstPermitBox = async () => {
    await firstRegistration.waitFor();
    const card = await firstPermit.boundingBox();
    const vrm = await firstRegistration.boundingBox();
    return { top: card!.y, registrationBottom: vrm!.y + vrm!.height };
  };
  const filters = page.getByRole('button', { name: /^Filters/ });
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
  try {
    // An iPhone 12–15: the first permit's top edge in the upper half of the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/my-permits'));
    await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await filters.innerText()).toContain('Filters (2 set)');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const phone = await firstPermitBox();
    expect(phone.top).toBeLessThan(844 / 2);
    expect(await axeViolations(page)).toEqual([]);

    // The smallest phone in use (an iPhone SE of 2016): the first permit on the first screen,
    // and nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 568 });
    const small = await firstPermitBox();
    expect(small.registrationBottom).toBeLessThanOrEqual(568);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );

    // The search is one tap away; its tag undoes it.
    await page.setViewportSize({ width: 390, height: 844 });
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('searchbox', { name: 'Search permits' }).fill('Tesla');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('list', { name: 'Permits' })
      .getByText(registration(7), { exact: true })
      .waitFor();
    expect(await page.getByRole('list', { name: 'Permits' }).getByRole('listitem').count()).toBe(1);
    expect(await filters.innerText()).toContain('Filters (3 set)');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove filter: Search: Tesla' }).click();
    await page.getByRole('list', { name: 'Permits' }).getByRole('listitem').nth(1).waitFor();
    expect(await filters.innerText()).toContain('Filters (2 set)');

    // The navigation, behind its Menu button.
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    console.info(
      `First permit's top edge: ${phone.top} px at 390×844; its registration ends at ${small.registrationBottom} px at 320×568`,
    );
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});
