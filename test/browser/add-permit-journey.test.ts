import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  openAddPermit as openAddPermitAt,
  permitsStoredFor,
  registerThroughForm,
  submitAndExpectMyPermits as submitAndExpectMyPermitsAt,
  typeDateTime,
  type E2eResident,
} from './resident-journeys';
import { startOwnStackFixture, type StackFixture } from './stack-fixture';

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
  fixture = await startOwnStackFixture();
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

/** A London wall time some time from now, as the form's date inputs hold it. */
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
  await typeDateTime(page, page, 'Expiry date', expiry);
  await acknowledgement().check();
  expect(await page.getByLabel('Registration number').inputValue()).toBe('AB12 CDE');
  const chosen = DateTime.fromISO(expiry, { zone: 'Europe/London' });
  await page
    .getByText(
      `${chosen.toFormat('cccc d MMMM yyyy, HH:mm')} UK time (${chosen.isInDST ? 'BST' : 'GMT'}).`,
    )
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await submitAndExpectMyPermits();
  // My Permits confirms it, naming the permit, and axe finds nothing with the banner shown.
  await page
    .getByRole('status', { name: 'Success' })
    .getByText('Permit created for AB12 CDE.')
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
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
  await typeDateTime(page, page, 'Scheduled start date', start);
  await typeDateTime(page, page, 'Expiry date', fromNow({ days: 8 }));
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

test('an overlapping permit is refused with the spec text, names the permit in the way, and the form keeps every value', async () => {
  await openAddPermit();
  await fillVehicle({ label: 'Mum again', vrm: 'AB12CDE', make: 'Ford', model: 'Focus' });
  await page.getByLabel('Set as Indefinite').check();
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();

  await expectCreationFailed(
    'Overlapping permit detected — adjust or cancel the other permit first.',
  );
  // The permit in the way is the resident's own from the first test: named, in London time.
  const inTheWay = (await permitsStoredFor(fixture.stack, resident)).find(
    (permit) => permit.vrm === 'AB12CDE',
  ) as { reference_no: string; start_ts: string; end_ts: string };
  const london = (instant: string) =>
    DateTime.fromISO(instant, { zone: 'Europe/London' }).toFormat('dd/MM/yyyy HH:mm');
  await expectCreationFailed(
    `It overlaps your permit for AB12CDE (reference ${inTheWay.reference_no}), ` +
      `${london(inTheWay.start_ts)} to ${london(inTheWay.end_ts)}.`,
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
  // Ticked first: a message appearing under the date would move the box under the pointer.
  await acknowledgement().check();
  await typeDateTime(page, page, 'Expiry date', fromNow({ days: -1 }));
  // Left first, as a resident does: nothing appears to move the button (GOV.UK validates on
  // submit), so the press on it submits.
  await page.keyboard.press('Tab');
  expect(await page.getByText('Expiry date must be in the future').count()).toBe(0);
  await page.getByRole('button', { name: 'Create Permit' }).click();

  // GOV.UK: the error summary takes focus, and its link leads to the first box at fault.
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await summary.getByRole('link', { name: 'Expiry date must be in the future' }).waitFor();
  expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
  await summary.getByRole('link', { name: 'Expiry date must be in the future' }).click();
  const expiryGroup = page.getByRole('group', { name: 'Expiry date', exact: true });
  expect(
    await expiryGroup
      .getByRole('textbox', { name: 'Day', exact: true })
      .evaluate((input) => input === document.activeElement),
  ).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(await permitsStoredFor(fixture.stack, resident)).toHaveLength(3);
});

test('dates typed digit by digit in UK order, with or without separators, whatever the browser language', async () => {
  // A browser set to American English: a native picker would want mm/dd/yyyy here.
  const american = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-US' });
  const typist = await american.newPage();
  await typist.goto(`${fixture.stack.webUrl}/login`);
  await typist.getByLabel('Email').fill(resident.email);
  await typist.getByLabel('Password').fill(resident.password);
  await typist.getByRole('button', { name: 'Sign in' }).click();
  await typist.waitForURL(`${fixture.stack.webUrl}/`);
  await typist.getByRole('navigation').getByRole('link', { name: 'Add Permit' }).click();
  await typist.getByRole('button', { name: 'Create Permit' }).waitFor();
  await fixture.admin('user', 'set-limit', resident.email, '10');

  await typist.getByLabel('Reference label').fill('Typed dates');
  await typist.getByLabel('Registration number').fill('TY26 PED');
  await typist.getByLabel(/^Make/).fill('Skoda');
  await typist.getByLabel(/^Model/).fill('Fabia');
  await typist.getByLabel('I have verified that the details of this permit are correct.').check();
  await typist.getByLabel('Schedule permit for future activation').check();
  // The start, typed with separators into Day: each separator moves to the next box.
  const start = DateTime.now()
    .setZone('Europe/London')
    .plus({ days: 40 })
    .set({ hour: 14, minute: 30 });
  const startGroup = typist.getByRole('group', { name: 'Scheduled start date', exact: true });
  await startGroup.getByRole('textbox', { name: 'Day', exact: true }).click();
  await typist.keyboard.type(start.toFormat('dd/MM/yyyy HH:mm'));
  const zone = (instant: DateTime) => (instant.isInDST ? 'BST' : 'GMT');
  await startGroup
    .getByText(`${start.toFormat('cccc d MMMM yyyy')}, 14:30 UK time (${zone(start)}).`)
    .waitFor();

  // An expiry of 30 February: the message says what is wrong, on the fieldset.
  const expiryGroup = typist.getByRole('group', { name: 'Expiry date', exact: true });
  await expiryGroup.getByRole('textbox', { name: 'Day', exact: true }).click();
  await typist.keyboard.type('30/02/2027 10:00');
  await typist.keyboard.press('Tab');
  await typist.getByRole('button', { name: 'Create Permit' }).click();
  await expiryGroup.getByText('Expiry date must be a real date').waitFor();
  expect(await axeViolations(typist)).toEqual([]);

  // An expiry before the start, then a good one typed without separators, box by box with Tab.
  const before = start.minus({ days: 1 });
  await typeDateTime(typist, typist, 'Expiry date', before.toFormat("yyyy-MM-dd'T'HH:mm"));
  await typist.getByRole('button', { name: 'Create Permit' }).click();
  await expiryGroup.getByText('Expiry date must be after the scheduled start date').waitFor();
  const end = start.plus({ days: 2 });
  await typeDateTime(typist, typist, 'Expiry date', end.toFormat("yyyy-MM-dd'T'HH:mm"));
  await typist.getByRole('button', { name: 'Create Permit' }).click();
  await typist.waitForURL(`${fixture.stack.webUrl}/my-permits`);

  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        vrm: 'TY26PED',
        status: 'SCHEDULED',
        start_ts: start.startOf('minute').toUTC().toISO(),
        end_ts: end.startOf('minute').toUTC().toISO(),
      }),
    ]),
  );
  await american.close();
});
