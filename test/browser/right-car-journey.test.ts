import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  fillPermitDateTime,
  openAddPermit as openAddPermitAt,
  permitsStoredFor,
  registerThroughForm,
  submitAndExpectMyPermits as submitAndExpectMyPermitsAt,
  type E2eResident,
} from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;

const inviteCode = `E2E-RIGHT-CAR-${Date.now()}`;
const resident: E2eResident = {
  email: `ada.${Date.now()}@example.com`,
  first: 'Ada',
  last: 'Lovelace',
  password: 'Connexion1',
};

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '10');
  // Repeat weekly is offered only where scheduling is on (no reference label: the default).
  browser = await launchChromium();
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  page = await context.newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** A London wall time some days from now at a fixed hour, as the form's date fields take it. */
const daysAhead = (days: number, hour = 18) =>
  DateTime.now()
    .setZone('Europe/London')
    .plus({ days })
    .set({ hour, minute: 0 })
    .toFormat("yyyy-MM-dd'T'HH:mm");

const openAddPermit = () => openAddPermitAt(page, fixture.stack.webUrl);

const registration = () => page.getByLabel('Registration number');
const confirmBox = () => page.getByLabel('This registration is correct');
const acknowledgement = () =>
  page.getByLabel('I have verified that the details of this permit are correct.');

/** A permit from `days` ahead for three hours: scheduled, so no two of them overlap. */
async function scheduleFor(days: number) {
  await page.getByLabel('Schedule permit for future activation').check();
  await fillPermitDateTime(page, 'Scheduled start date', daysAhead(days));
  await fillPermitDateTime(page, 'Expiry date', daysAhead(days, 21));
}

const submitAndExpectMyPermits = () => submitAndExpectMyPermitsAt(page, fixture.stack.webUrl);

test('a slip is caught and mended with one tap; the allowance shows before the form', async () => {
  await openAddPermit();
  await page.getByText('10 permits left').waitFor();

  await registration().fill('ab12 c0e');
  await page.getByRole('group', { name: 'Did you mean AB12 COE?' }).waitFor();
  expect(await confirmBox().isVisible()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Use AB12 COE' }).click();
  await page.getByRole('group', { name: 'Did you mean AB12 COE?' }).waitFor({ state: 'detached' });
  expect(await registration().inputValue()).toBe('AB12 COE');
  expect(await confirmBox().count()).toBe(0);

  await page.getByLabel(/^Make/).fill('Ford');
  await page.getByLabel(/^Model/).fill('Focus');
  await page.getByLabel('Colour (optional)').fill('Blue');
  await page.getByLabel('Driver first name (optional)').fill('Ann');
  await scheduleFor(1);
  await acknowledgement().check();
  await submitAndExpectMyPermits();
  expect(await permitsStoredFor(fixture.stack, resident)).toEqual([
    expect.objectContaining({ vrm: 'AB12COE', make: 'Ford', status: 'SCHEDULED' }),
  ]);
});

test('an unrecognised plate is created only once "This registration is correct" is ticked', async () => {
  await openAddPermit();
  await page.getByText('9 permits left').waitFor();
  await registration().fill('CD 123 456');
  await page
    .locator('p', {
      hasText: 'This is not a standard UK registration. Check it against the vehicle.',
    })
    .waitFor();
  await page.getByLabel(/^Make/).fill('Citroen');
  await page.getByLabel(/^Model/).fill('C5');
  await page.getByLabel('Driver last name (optional)').fill('Dupont');
  await scheduleFor(2);
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();

  await page
    .locator('[id$="-vrm-error"]')
    .getByText(
      'Check the registration against the vehicle, then tick “This registration is correct”.',
    )
    .waitFor();
  expect(await registration().inputValue()).toBe('CD123456');
  expect(await permitsStoredFor(fixture.stack, resident)).toHaveLength(1);

  await confirmBox().check();
  await submitAndExpectMyPermits();
  expect(await permitsStoredFor(fixture.stack, resident)).toContainEqual(
    expect.objectContaining({ vrm: 'CD123456', make: 'Citroen', driver_last: 'Dupont' }),
  );
});

test('a recent vehicle fills the vehicle and the driver in one tap', async () => {
  await openAddPermit();
  const recent = page.getByRole('group', { name: 'Recent vehicles' });
  await recent.getByRole('button', { name: 'AB12 COE · Ford Focus' }).click();
  expect(await registration().inputValue()).toBe('AB12 COE');
  expect(await page.getByLabel(/^Make/).inputValue()).toBe('Ford');
  expect(await page.getByLabel(/^Model/).inputValue()).toBe('Focus');
  expect(await page.getByLabel('Colour (optional)').inputValue()).toBe('Blue');
  expect(await page.getByLabel('Driver first name (optional)').inputValue()).toBe('Ann');
  await scheduleFor(3);
  await acknowledgement().check();
  await submitAndExpectMyPermits();
  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored.filter((permit) => permit.vrm === 'AB12COE')).toHaveLength(2);
});

test('"Add again" on My Permits re-books that vehicle, not its dates', async () => {
  const row = page
    .getByRole('table', { name: 'Permits' })
    .getByRole('row')
    .filter({ hasText: 'CD123456' });
  await row.getByRole('button', { name: 'Add again permit CD123456' }).click();
  await page.getByRole('heading', { name: 'Add New Permit' }).waitFor();
  expect(await registration().inputValue()).toBe('CD123456');
  expect(await page.getByLabel(/^Make/).inputValue()).toBe('Citroen');
  expect(await page.getByLabel(/^Model/).inputValue()).toBe('C5');
  expect(await page.getByLabel('Driver last name (optional)').inputValue()).toBe('Dupont');
  // The dates are not carried over: every box of the expiry is empty.
  expect(
    await page
      .getByRole('group', { name: 'Expiry date', exact: true })
      .getByRole('textbox')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join('')),
  ).toBe('');
  expect(await axeViolations(page)).toEqual([]);

  // The plate is still unrecognised: the resident vouches for it again.
  await confirmBox().check();
  await scheduleFor(4);
  await acknowledgement().check();
  await submitAndExpectMyPermits();
  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored.filter((permit) => permit.vrm === 'CD123456')).toHaveLength(2);
});

test('"Repeat weekly" creates a 3-week series at the same London time, listed on My Permits', async () => {
  await openAddPermit();
  await registration().fill('SE21 RKE');
  await page.getByLabel(/^Make/).fill('Nissan');
  await page.getByLabel(/^Model/).fill('Leaf');
  await scheduleFor(5);
  await page.getByLabel('Repeat weekly').check();
  // The rules speak on submit only (GOV.UK), and what a submit said stays until the next one.
  const weeks = page.getByLabel('Number of weeks');
  const outOfRange = page
    .locator('[id$="-weeks-error"]')
    .getByText('Enter a number of weeks from 2 to 8');
  await weeks.fill('9');
  await weeks.blur();
  expect(await outOfRange.count()).toBe(0);
  await acknowledgement().check();
  await page.getByRole('button', { name: 'Create Permit' }).click();
  await outOfRange.waitFor();
  expect(await permitsStoredFor(fixture.stack, resident)).toHaveLength(4);

  await weeks.fill('3');
  await weeks.blur();
  expect(await outOfRange.count()).toBe(1);
  // The summary still says what the last submit found, so wait for the page, not for no alert.
  await page.getByRole('button', { name: 'Create Permit' }).click();
  await page.waitForURL(`${fixture.stack.webUrl}/my-permits`);
  await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();

  const rows = page
    .getByRole('table', { name: 'Permits' })
    .getByRole('row')
    .filter({ hasText: 'SE21RKE' });
  await rows.nth(2).waitFor();
  expect(await rows.count()).toBe(3);
  const stored = await permitsStoredFor(fixture.stack, resident);
  const starts = stored
    .filter((permit) => permit.vrm === 'SE21RKE')
    .map((permit) =>
      DateTime.fromISO(permit.start_ts as string)
        .setZone('Europe/London')
        .toFormat("yyyy-MM-dd'T'HH:mm"),
    )
    .sort();
  expect(starts).toEqual([daysAhead(5), daysAhead(12), daysAhead(19)]);
  expect(
    stored.filter((permit) => permit.vrm === 'SE21RKE').map((permit) => permit.status),
  ).toEqual(['SCHEDULED', 'SCHEDULED', 'SCHEDULED']);
});
