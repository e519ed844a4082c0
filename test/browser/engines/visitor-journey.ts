import { randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  visitorPassUnusableMessage,
  type VisitorPassCreated,
} from '../../../contract/visitor-pass';
import {
  createVisitorPass,
  permitsStoredFor,
  registerThroughApi,
  residentApi,
  type E2eResident,
} from '../resident-journeys';
import { formatRegistration } from '../../../machines/permits/rules/uk-registration';
import { sharedStackFixture, type StackFixture } from '../stack-fixture';
import { typePermitDates, type EngineDriver } from './engine-driver';

/**
 * The visitor's journey in one engine on a 390×844 phone, against the shared stack: a resident's
 * single-use pass is opened with no session, booked with the typo guard's registration rules, and
 * then refused when opened again. Run in the engine's browser of engine-journeys.ts, which the
 * core journey left signed out.
 */
export function describeVisitorJourney(engineDriver: () => EngineDriver): void {
  describe('the visitor with a link', () => visitorJourney(engineDriver));
}

function visitorJourney(engineDriver: () => EngineDriver): void {
  let fixture: StackFixture;
  let pass: VisitorPassCreated;
  const inviteCode = `E2E-VISIT-${Date.now()}-${randomInt(1_000_000)}`;
  const resident: E2eResident = {
    email: `mary.${Date.now()}.${randomInt(1_000_000)}@example.com`,
    first: 'Mary',
    last: 'Somerville',
    password: 'Astronomy1842',
  };
  // The three engines' suites may run at once on one stack: each books a registration of its own
  // (a standard dateless one, with no I or O for the typo guard to question).
  const vrm = `${Array.from({ length: 3 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[randomInt(23)]).join('')}7`;

  beforeAll(async () => {
    fixture = sharedStackFixture();
    await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '10');
    await registerThroughApi(fixture.stack, inviteCode, resident);
    pass = await createVisitorPass(await residentApi(fixture.stack, resident), 'Plumber', {
      days: 7,
    });
  }, 300_000);

  test('a visitor with no account books parking on a 390×844 phone, and the used link is refused', async () => {
    const leave = DateTime.now().setZone('Europe/London').plus({ days: 2 }).set({
      hour: 17,
      minute: 30,
    });
    const link = `${fixture.stack.webUrl}/visit/${pass.token}`;
    const driver = engineDriver();
    await driver.setViewport({ width: 390, height: 844 });

    await driver.goto(link);
    await driver.waitForText('Book visitor parking');
    // By first name only, and until when.
    await driver.waitForText('Mary has invited you to park here until');
    await driver.waitForText('Registration number');
    expect(await driver.axeViolations()).toEqual([]);

    await driver.fill('Registration number', vrm);
    await driver.fill('Make', 'Vauxhall');
    await driver.fill('Model', 'Corsa');
    await typePermitDates(driver, [{ label: 'Expiry date', value: leave.startOf('minute') }]);
    await driver.click('checkbox', 'I have verified that the details of this permit are correct.');
    expect(await driver.axeViolations()).toEqual([]);
    await driver.click('button', 'Book parking');

    await driver.waitForText('Visitor parking booked');
    // As the page writes it ('ABC 7'), and stored as typed, spaces left out.
    await driver.waitForText(formatRegistration(vrm));
    await driver.waitForText(leave.toFormat('dd/MM/yyyy HH:mm'));
    expect(await driver.axeViolations()).toEqual([]);

    // The permit is the resident's, booked through the pass.
    const stored = (await permitsStoredFor(fixture.stack, resident)).filter(
      (permit) => permit.vrm === vrm,
    );
    expect(stored).toEqual([
      expect.objectContaining({ make: 'Vauxhall', model: 'Corsa', end_ts: expect.any(String) }),
    ]);

    // Single-use: opened again, the link says only that it can no longer be used.
    await driver.goto(link);
    await driver.waitForText(visitorPassUnusableMessage);
    await driver.waitForText('Ask the person who sent you the link for a new one.');
    expect(await driver.axeViolations()).toEqual([]);
  }, 180_000);
}
