import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  permitsStoredFor,
  registerThroughApi,
  residentApi,
  submitAndExpectMyPermits,
  typeDateTime,
  type E2eResident,
} from './resident-journeys';
import { startOwnStackFixture, type StackFixture } from './stack-fixture';

// Issue 33: three faults a resident met on Add Permit and My Permits in Chromium.

jest.setTimeout(180_000);

let fixture: StackFixture;
let browser: Browser;

const inviteCode = `E2E-FAULTS-${Date.now()}`;

beforeAll(async () => {
  fixture = await startOwnStackFixture();
  await fixture.admin(
    'invite',
    'create',
    '--code',
    inviteCode,
    '--uses',
    '10',
    '--permit-limit',
    '10',
  );
  await fixture.admin('settings', 'set', 'can_add_reference', 'true');
  await fixture.admin('settings', 'set', 'can_schedule_permits', 'true');
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** A resident of this test's own, registered through the API and signed in through the form. */
async function signedInResident(
  name: string,
  locale = 'en-GB',
): Promise<{ page: Page; resident: E2eResident }> {
  const resident: E2eResident = {
    email: `${name}.${Date.now()}@example.com`,
    first: name,
    last: 'Tester',
    password: 'Kerbside33',
  };
  await registerThroughApi(fixture.stack, inviteCode, resident);
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    locale,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${fixture.stack.webUrl}/login`);
  await page.getByLabel('Email').fill(resident.email);
  await page.getByLabel('Password').fill(resident.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${fixture.stack.webUrl}/`);
  return { page, resident };
}

async function openAddPermit(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Add Permit' }).click();
  await page.getByRole('heading', { name: 'Add New Permit' }).waitFor();
  await page.getByRole('button', { name: 'Create Permit' }).waitFor();
}

async function fillVehicle(
  page: Page,
  vehicle: { label: string; vrm: string; make: string; model: string },
) {
  await page.getByLabel('Reference label').fill(vehicle.label);
  await page.getByLabel('Registration number').fill(vehicle.vrm);
  await page.getByLabel(/^Make/).fill(vehicle.make);
  await page.getByLabel(/^Model/).fill(vehicle.model);
}

const acknowledgement = (page: Page) =>
  page.getByLabel('I have verified that the details of this permit are correct.');

const wallTime = (instant: DateTime) => instant.toFormat("yyyy-MM-dd'T'HH:mm");

test('a weekly series with a reference label is created in one go, each week labelled with its date, shown before submitting', async () => {
  const { page, resident } = await signedInResident('series');
  await openAddPermit(page);
  await fillVehicle(page, { label: 'Cousin', vrm: 'WK26 SER', make: 'Mini', model: 'Cooper' });
  const start = DateTime.now()
    .setZone('Europe/London')
    .plus({ days: 2 })
    .set({ hour: 19, minute: 15, second: 0, millisecond: 0 });
  await page.getByLabel('Schedule permit for future activation').check();
  await typeDateTime(page, page, 'Scheduled start date', wallTime(start));
  await page.getByLabel('Repeat weekly').check();
  await page.getByLabel('Number of weeks').fill('3');
  await typeDateTime(page, page, 'Expiry date', wallTime(start.plus({ hours: 3 })));
  await acknowledgement(page).check();

  // Before anything is sent, the resident reads each week's own label.
  const weeks = [0, 1, 2].map((week) => start.plus({ weeks: week }));
  const labels = weeks.map((week) => `Cousin ${week.toFormat('dd/MM/yyyy')}`);
  await page.getByText(`Each week gets its own reference label: ${labels.join(', ')}.`).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await submitAndExpectMyPermits(page, fixture.stack.webUrl);
  const stored = await permitsStoredFor(fixture.stack, resident);
  expect(stored.map((permit) => permit.reference_no).sort()).toEqual([...labels].sort());
  expect(stored.map((permit) => permit.start_ts).sort()).toEqual(
    weeks.map((week) => week.toUTC().toISO()).sort(),
  );

  // A label really used again, on a single permit, still meets the spec's refusal.
  await openAddPermit(page);
  await fillVehicle(page, { label: labels[1]!, vrm: 'AG41 NNN', make: 'Kia', model: 'Rio' });
  await page.getByLabel('Set as Indefinite').check();
  await acknowledgement(page).check();
  await page.getByRole('button', { name: 'Create Permit' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('Creation Failed').waitFor();
  expect((await alert.innerText()).replace(/\s+/g, ' ')).toContain(
    `An active permit already exists with reference number ${labels[1]}`,
  );
  await page.context().close();
});

test('a press on Create Permit straight from the Minute box of a past expiry shows the error summary, focused', async () => {
  const { page, resident } = await signedInResident('pressing');
  await openAddPermit(page);
  await fillVehicle(page, { label: 'Plumber', vrm: 'PR55 ING', make: 'Ford', model: 'Transit' });
  await acknowledgement(page).check();
  const past = DateTime.now().setZone('Europe/London').minus({ days: 1 });
  // typeDateTime leaves the focus in the Minute box, as a resident typing the date does.
  await typeDateTime(page, page, 'Expiry date', wallTime(past));
  const minute = page
    .getByRole('group', { name: 'Expiry date', exact: true })
    .getByRole('textbox', { name: 'Minute', exact: true });
  expect(await minute.evaluate((input) => input === document.activeElement)).toBe(true);

  // A resident's press lasts a moment: the field's blur comes between press and release.
  await page.getByRole('button', { name: 'Create Permit' }).click({ delay: 150 });

  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await summary.getByRole('link', { name: 'Expiry date must be in the future' }).waitFor();
  expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(await permitsStoredFor(fixture.stack, resident)).toEqual([]);
  await page.context().close();
});

test('My Permits creation-date filters read day, month, year in an American-English browser', async () => {
  const { page, resident } = await signedInResident('american', 'en-US');
  const api = await residentApi(fixture.stack, resident);
  const created = await api.call('POST', '/api/v1/permits/', {
    reference_label: 'Today',
    vrm: 'US26 DAT',
    make: 'Ford',
    model: 'Mustang',
    start_ts: DateTime.now().setZone('Europe/London').toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    end_ts: null,
  });
  expect(created.status).toBe(201);
  await page.getByRole('navigation').getByRole('link', { name: 'My Permits' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();

  // The default filter is today, 00:00 to 23:59, shown in boxes named the UK way.
  const today = DateTime.now().setZone('Europe/London');
  const from = page.getByRole('group', { name: 'Created from', exact: true });
  const box = (name: string) => from.getByRole('textbox', { name, exact: true });
  expect(await box('Day').inputValue()).toBe(today.toFormat('dd'));
  expect(await box('Month').inputValue()).toBe(today.toFormat('MM'));
  expect(await box('Year').inputValue()).toBe(today.toFormat('yyyy'));
  expect(await box('Hour').inputValue()).toBe('00');
  expect(await box('Minute').inputValue()).toBe('00');
  await from.getByText(`${today.toFormat('cccc d MMMM yyyy')}, 00:00 UK time`).waitFor();
  await page
    .getByText(/US26 ?DAT/)
    .first()
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // A date that is not real is refused on Enter, the GOV.UK way, and the list keeps its filter.
  await box('Day').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('31');
  await box('Month').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('02');
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await summary.getByRole('link', { name: 'Created from must be a real date' }).waitFor();
  expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // Tomorrow, typed in UK order, filters the list to nothing.
  await typeDateTime(page, page, 'Created from', wallTime(today.plus({ days: 1 }).startOf('day')));
  await page.keyboard.press('Enter');
  await page.getByText('No permits found matching your criteria.').waitFor();
  expect(new URL(page.url()).searchParams.get('start_date')).toBe(
    wallTime(today.plus({ days: 1 }).startOf('day')),
  );
  await page.context().close();
});
