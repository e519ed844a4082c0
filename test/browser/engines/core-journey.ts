import { randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import { permitsStoredFor, registerThroughApi, type E2eResident } from '../resident-journeys';
import { sharedStackFixture, type StackFixture } from '../stack-fixture';
import { typePermitDates, type EngineDriver } from './engine-driver';

/**
 * A laptop and a phone (an iPhone 12–15's viewport). The laptop first: WebKit's driver starts at
 * that size and starts a new browser for another (webkit-driver.ts), and the visitor's journey
 * after this one is on the phone.
 */
const viewports = [
  { name: 'a 1280×800 desktop', width: 1280, height: 800 },
  { name: 'a 390×844 phone', width: 390, height: 844 },
] as const;

/** A London date some days ahead at a fixed time, so no run lands on a minute boundary. */
const londonDaysAhead = (days: number, hour: number) =>
  DateTime.now()
    .setZone('Europe/London')
    .plus({ days })
    .set({ hour, minute: 30 })
    .startOf('minute');

const ukDateTime = (value: DateTime) => value.toFormat('dd/MM/yyyy HH:mm');

async function expectAccessible(driver: EngineDriver) {
  expect(await driver.axeViolations()).toEqual([]);
}

/** Chakra's `md` breakpoint: narrower, the navigation folds behind the Menu button. */
const phoneWidth = 768;

/** Goes to a page through the navigation, opening the Menu first on a phone. */
async function navigateTo(driver: EngineDriver, width: number, entry: string) {
  if (width < phoneWidth) await driver.click('button', 'Menu');
  await driver.click('link', entry);
}

/**
 * The journey every resident makes, in one engine at one size: sign in, add a scheduled permit
 * with its dates typed, see it listed, update its expiry, set it live, cancel it, sign out.
 */
async function residentCoreJourney(
  driver: EngineDriver,
  fixture: StackFixture,
  resident: E2eResident,
  vrm: string,
  width: number,
) {
  const start = londonDaysAhead(2, 9);
  const expiry = londonDaysAhead(3, 17);
  const laterExpiry = londonDaysAhead(4, 18);
  const results = { within: 'Results' };

  await driver.goto(`${fixture.stack.webUrl}/login`);
  await driver.fill('Email', resident.email);
  await driver.fill('Password', resident.password);
  await driver.click('button', 'Sign in');
  await driver.waitForPath('/');
  await driver.waitForText(`Welcome, ${resident.first}!`);
  await driver.waitForText('Available now');
  await expectAccessible(driver);
  // The offline copy works in every engine that has service workers (all three here, WebKit too);
  // an engine without them would run the app online only, and nothing on screen would say so.
  expect(await driver.serviceWorker()).toBe('active');

  await navigateTo(driver, width, 'Add Permit');
  await driver.waitForPath('/add-permit');
  await driver.fill('Registration number', vrm);
  await driver.fill('Make', 'Ford');
  await driver.fill('Model', 'Fiesta');
  await driver.click('checkbox', 'Schedule permit for future activation');
  await typePermitDates(driver, [
    { label: 'Scheduled start date', value: start },
    { label: 'Expiry date', value: expiry },
  ]);
  await driver.click('checkbox', 'I have verified that the details of this permit are correct.');
  await expectAccessible(driver);
  await driver.click('button', 'Create Permit');

  await driver.waitForPath('/my-permits');
  await driver.waitForText(vrm, results);
  await driver.waitForText('Scheduled', { ...results, wholeLine: true });
  await driver.waitForText(ukDateTime(start), results);
  await driver.waitForText(ukDateTime(expiry), results);
  await expectAccessible(driver);

  await driver.click('button', `Update permit ${vrm}`);
  await driver.waitForText('Update Scheduled Permit');
  await typePermitDates(driver, [{ label: 'New expiry date', value: laterExpiry }]);
  await expectAccessible(driver);
  await driver.click('button', 'Update Schedule');
  await driver.waitForTextGone('Update Scheduled Permit');
  await driver.waitForText(ukDateTime(laterExpiry), results);

  await driver.click('button', `Set Live Now permit ${vrm}`);
  await driver.waitForText('Set Permit Live Now');
  await expectAccessible(driver);
  await driver.click('button', 'Set Live Now');
  await driver.waitForTextGone('Set Permit Live Now');
  await driver.waitForText('Active', { ...results, wholeLine: true });

  await driver.click('button', `Cancel permit ${vrm}`);
  await driver.waitForText('This cannot be undone.');
  await expectAccessible(driver);
  await driver.click('button', 'Cancel Permit');
  await driver.waitForTextGone('This cannot be undone.');
  await driver.waitForText('Cancelled', { ...results, wholeLine: true });

  const [stored] = (await permitsStoredFor(fixture.stack, resident)).filter(
    (permit) => permit.vrm === vrm,
  );
  expect(stored).toEqual(
    expect.objectContaining({
      status: 'CANCELLED',
      end_ts: laterExpiry.toUTC().toISO(),
    }),
  );

  await driver.click('button', { startsWith: 'Account menu' });
  await driver.click('menuitem', 'Log out');
  await driver.waitForPath('/login');
  await driver.waitForText('Sign in');
}

/**
 * Runs the core journey in one engine at a desktop's size and a phone's, against one real stack,
 * in the engine's browser of engine-journeys.ts. It leaves the browser signed out.
 */
export function describeCoreJourney(engineDriver: () => EngineDriver): CoreJourney {
  let fixture: StackFixture;
  const inviteCode = `E2E-ENGINE-${Date.now()}`;
  const resident: E2eResident = {
    email: `dorothy.${Date.now()}@example.com`,
    first: 'Dorothy',
    last: 'Hodgkin',
    password: 'Crystallography1',
  };

  beforeAll(async () => {
    fixture = sharedStackFixture();
    await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '10');
    await registerThroughApi(fixture.stack, inviteCode, resident);
  }, 300_000);

  // The three engines' suites share one stack (test/support/browser-project-setup.ts) and may run at
  // once: each books registrations of its own, three letters of its own and a digit (a standard
  // dateless registration, with no I or O for the typo guard to question).
  const letters = Array.from({ length: 3 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[randomInt(23)]).join(
    '',
  );
  test.each(viewports.map((viewport, index) => ({ ...viewport, vrm: `${letters}${index + 1}` })))(
    'a resident signs in, adds, lists, updates, sets live and cancels a permit, and signs out on $name',
    async ({ width, height, vrm }) => {
      const driver = engineDriver();
      await driver.setViewport({ width, height });
      await residentCoreJourney(driver, fixture, resident, vrm, width);
    },
    180_000,
  );
  return { fixture: () => fixture, resident };
}

export interface CoreJourney {
  /** The stack the journeys run against, once `beforeAll` has started it. */
  fixture: () => StackFixture;
  /** The resident the journeys sign in as. */
  resident: E2eResident;
}
