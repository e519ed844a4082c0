import { randomInt } from 'node:crypto';
import { acknowledgementLabel } from '../../../machines/permits/permit-form/permit-form-rules';
import { englishCatalogueTextsIn } from '../../support/english-catalogue';
import { inWelsh as cy } from '../../support/in-welsh';
import { registerThroughApi, type E2eResident } from '../resident-journeys';
import { sharedStackFixture, type StackFixture } from '../stack-fixture';
import type { EngineDriver } from './engine-driver';

/** The page is in Welsh (`lang="cy"`), shows no text of the English catalogue, and axe finds nothing. */
async function expectWelshPage(driver: EngineDriver) {
  const { lang, texts } = await driver.pageTexts();
  expect(lang).toBe('cy');
  expect(texts.length).toBeGreaterThan(5);
  expect(englishCatalogueTextsIn(texts)).toEqual([]);
  expect(await driver.axeViolations()).toEqual([]);
}

/**
 * Issue 40's journey in one engine at a laptop's size, against the shared stack: a resident
 * switches to Cymraeg on /login, signs in and walks the Dashboard, Add Permit (refused, with the
 * error summary, then sent), My Permits with a dialog, the How to Guide and Settings, every page
 * Welsh; after a reload, and after signing in on a second browser that never chose, it is still
 * Welsh (the choice kept on the API host). Run in the engine's browser of engine-journeys.ts,
 * signed out, and last, as it leaves that browser Welsh; `startDriver` starts the second browser.
 */
export function describeWelshJourney(
  engineDriver: () => EngineDriver,
  startDriver: () => Promise<EngineDriver>,
): void {
  describe('in Welsh', () => welshJourney(engineDriver, startDriver));
}

function welshJourney(
  engineDriver: () => EngineDriver,
  startDriver: () => Promise<EngineDriver>,
): void {
  let fixture: StackFixture;
  const inviteCode = `E2E-CYMRAEG-${Date.now()}-${randomInt(1_000_000)}`;
  const resident: E2eResident = {
    email: `gwenllian.${Date.now()}.${randomInt(1_000_000)}@example.com`,
    first: 'Gwenllian',
    last: 'Morgan',
    password: 'Llanymddyfri1',
  };
  // Its own registration: the three engines' suites may run at once on one stack.
  const vrm = `${Array.from({ length: 3 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[randomInt(23)]).join('')}8`;

  beforeAll(async () => {
    fixture = sharedStackFixture();
    await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '10');
    await registerThroughApi(fixture.stack, inviteCode, resident);
  }, 300_000);

  test('a resident chooses Cymraeg on /login and every page stays Welsh, after a reload and on a second browser', async () => {
    const web = fixture.stack.webUrl;
    const driver = engineDriver();
    await driver.setViewport({ width: 1280, height: 800 });
    await driver.goto(`${web}/login`);
    await driver.click('link', 'Cymraeg');
    await driver.waitForText(cy('Sign in to {appName}', { appName: 'Kerbside' }));
    await expectWelshPage(driver);

    await driver.fill(cy('Email'), resident.email);
    await driver.fill(cy('Password'), resident.password);
    await driver.click('button', cy('Sign in'));
    await driver.waitForPath('/');
    await driver.waitForText(cy('Welcome, {firstName}!', { firstName: resident.first }));
    await driver.waitForText(cy('Available now'));
    await expectWelshPage(driver);

    await driver.click('link', cy('Add Permit'));
    await driver.waitForPath('/add-permit');
    await driver.fill(cy('Registration number'), vrm);
    await driver.fill(cy('Make'), 'Ford');
    await driver.fill(cy('Model'), 'Fiesta');
    await driver.click('checkbox', cy('Set as Indefinite'));
    await driver.click('button', cy('Create Permit'));
    await driver.waitForText(cy('There is a problem'));
    await expectWelshPage(driver);
    await driver.click('checkbox', cy(acknowledgementLabel));
    await driver.click('button', cy('Create Permit'));

    await driver.waitForPath('/my-permits');
    await driver.waitForText(vrm);
    await expectWelshPage(driver);
    await driver.click(
      'button',
      `${cy('Cancel')} ${cy('permit {registration}', { registration: vrm })}`,
    );
    await driver.waitForText(cy('Cancel Permit'));
    await expectWelshPage(driver);
    await driver.click('button', cy('Close'));

    // A press outside an open dialog cannot happen: the link is found once the dialog has gone.
    await driver.click('link', cy('How to Guide'));
    await driver.waitForPath('/how-to-guide');
    await driver.waitForText(cy('Getting Started'));
    await expectWelshPage(driver);

    await driver.click('link', cy('Settings'));
    await driver.waitForPath('/settings');
    await driver.waitForText(cy('Change Password'));
    await expectWelshPage(driver);

    await driver.goto(`${web}/settings`);
    await driver.waitForText(cy('Change Password'));
    await expectWelshPage(driver);

    // A browser that never chose a language: English until the host says the resident's is Welsh.
    const secondBrowser = await startDriver();
    try {
      await secondBrowser.setViewport({ width: 1280, height: 800 });
      await secondBrowser.goto(`${web}/login`);
      await secondBrowser.fill('Email', resident.email);
      await secondBrowser.fill('Password', resident.password);
      await secondBrowser.click('button', 'Sign in');
      await secondBrowser.waitForPath('/');
      await secondBrowser.waitForText(cy('Welcome, {firstName}!', { firstName: resident.first }));
      await secondBrowser.waitForText(cy('Available now'));
      await expectWelshPage(secondBrowser);
    } finally {
      await secondBrowser.close();
    }
  }, 240_000);
}
