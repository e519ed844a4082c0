import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from './chromium';
import {
  openAddPermit as openAddPermitAt,
  permitsStoredFor,
  registerThroughForm,
  submitAndExpectMyPermits as submitAndExpectMyPermitsAt,
  type E2eResident,
} from './resident-journeys';
import { startStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const inviteCode = `E2E-PERMITS-${Date.now()}`;
const resident: E2eResident = {
  email: `mary.${Date.now()}@example.com`,
  first: 'Mary',
  last: 'Somerville',
  password: 'Connexion1',
};

beforeAll(async () => {
  fixture = await startStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '10');
  await fixture.admin('settings', 'set', 'can_add_reference', 'true');
  await fixture.admin('settings', 'set', 'can_schedule_permits', 'true');
  browser = await launchChromium();
  context = await browser.newContext({ reducedMotion: 'reduce' });
  page = await context.newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** A `datetime-local` value some time from now, in London as the form reads it. */
const fromNow = (duration: { hours?: number; days?: number }) =>
  DateTime.now().setZone('Europe/London').plus(duration).toFormat("yyyy-MM-dd'T'HH:mm");

const openAddPermit = () => openAddPermitAt(page, fixture.stack.webUrl);

async function fillVehicle(vehicle: { label: string; vrm: string; make: string; model: string }) {
  await page.getByLabel('Reference label').fill(vehicle.label);
  await page.getByLabel('Registration number').fill(vehicle.vrm);
  await page.getByLabel(/^Make/).fill(vehicle.make);
  await page.getByLabel(/^Model/).fill(vehicle.model);
}

const submitAndExpectMyPermits = () => submitAndExpectMyPermitsAt(page, fixture.stack.webUrl);

async function expectCreationFailed(message: string) {
  const alert = page.getByRole('alert');
  await alert.getByText('Creation Failed').waitFor();
  expect((await alert.innerText()).replace(/\s+/g, ' ')).toContain(message);
}

const acknowledgement = () =>
  page.getByLabel('I have verified that the details of this permit are correct.');

test('creates a permit with an expiry, with the screen accessible empty and filled', async () => {
  await openAddPermit();
  expect(await axeViolations(page)).toEqual([]);

  await fillVehicle({ label: 'Mum visiting', vrm: 'ab12 cde', make: 'Ford', model: 'Focus' });
  await page.getByLabel('Colour (optional)').fill('Blue');
  await page.getByLabel('Driver first name (optional)').fill('Ann');
  await page.getByLabel('Driver last name (optional)').fill('Lee');
  const expiry = fromNow({ days: 1 });
  await page.getByLabel('Expiry date').fill(expiry);
  await acknowledgement().check();
  expect(await page.getByLabel('Registration number').inputValue()).toBe('AB12 CDE');
  await page
    .getByText(`Selected: ${DateTime.fromISO(expiry).toFormat('dd/MM/yyyy HH:mm')} (UK time)`)
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await submitAndExpectMyPermits();
  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored).toEqual([
    expect.objectContaining({
      vrm: 'AB12CDE',
      make: 'Ford',
      model: 'Focus',
      colour: 'Blue',
      driver_first: 'Ann',
      driver_last: 'Lee',
      label: true,
      status: expect.stringMatching(/^(QUEUED|ACTIVE)$/),
      end_ts: DateTime.fromISO(expiry, { zone: 'Europe/London' }).toUTC().toISO(),
    }),
  ]);
});

test('creates an indefinite permit and a scheduled one', async () => {
  await openAddPermit();
  await fillVehicle({ label: 'Builder', vrm: 'XY99 ZZZ', make: 'Vauxhall', model: 'Astra' });
  await page.getByLabel('Set as Indefinite').check();
  await acknowledgement().check();
  await submitAndExpectMyPermits();

  await openAddPermit();
  await fillVehicle({ label: 'Gran next week', vrm: 'GR21 ANN', make: 'Honda', model: 'Jazz' });
  const start = fromNow({ days: 7 });
  await page.getByLabel('Schedule permit for future activation').check();
  await page.getByLabel('Scheduled start date').fill(start);
  await page.getByLabel('Expiry date').fill(fromNow({ days: 8 }));
  await acknowledgement().check();
  await submitAndExpectMyPermits();

  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ vrm: 'XY99ZZZ', end_ts: '9999-12-01T00:00:00.000Z' }),
      expect.objectContaining({
        vrm: 'GR21ANN',
        status: 'SCHEDULED',
        start_ts: DateTime.fromISO(start, { zone: 'Europe/London' }).toUTC().toISO(),
      }),
    ]),
  );
});

test('an overlapping permit is refused with the spec text and the form keeps every value', async () => {
  await openAddPermit();
  await fillVehicle({ label: 'Mum again', vrm: 'AB12CDE', make: 'Ford', model: 'Focus' });
  await page.getByLabel('Set as Indefinite').check();
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();

  await expectCreationFailed(
    'Overlapping permit detected — adjust or cancel the other permit first.',
  );
  expect(page.url()).toBe(`${fixture.stack.webUrl}/add-permit`);
  expect(await page.getByLabel('Reference label').inputValue()).toBe('Mum again');
  expect(await page.getByLabel('Registration number').inputValue()).toBe('AB12 CDE');
  expect(await page.getByLabel('Set as Indefinite').isChecked()).toBe(true);
  expect(await acknowledgement().isChecked()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test('past the permit limit the server refusal is shown as is', async () => {
  await fixture.admin('user', 'set-limit', resident.email, '3');
  await openAddPermit();
  await fillVehicle({ label: 'One too many', vrm: 'LM21 TTT', make: 'Kia', model: 'Ceed' });
  await page.getByLabel('Set as Indefinite').check();
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();

  await expectCreationFailed('You have reached your permit limit');
  expect(await page.getByLabel('Registration number').inputValue()).toBe('LM21 TTT');
  expect(await permitsStoredFor(fixture.stack, resident)).toHaveLength(3);
});

test('a date in the past is refused in the browser, accessibly, before anything is sent', async () => {
  await openAddPermit();
  await fillVehicle({ label: 'Typo', vrm: 'PA51 TTT', make: 'Fiat', model: '500' });
  await page.getByLabel('Expiry date').fill(fromNow({ days: -1 }));
  // Leaving the field shows its message, which moves the boxes below it.
  await page.getByLabel('Expiry date').blur();
  await page.getByText('Expiry date must be in the future').waitFor();
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();

  await page.getByText('Expiry date must be in the future').waitFor();
  expect(
    await page.getByLabel('Expiry date').evaluate((input) => input === document.activeElement),
  ).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(await permitsStoredFor(fixture.stack, resident)).toHaveLength(3);
});
