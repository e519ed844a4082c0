import { createActor, toPromise } from 'xstate';
import {
  filledBookingPayload,
  queuedBooking,
} from '../../../machines/visitor-passes/visitor-booking/visitor-booking-flow-samples';
import { visitorBookingActors } from '../../../src/features/visitor-passes/visitor-booking/visitor-booking-actors';
import { activateLanguage } from '../../../src/i18n/activate-language';
import { startApiHostStandIn, type ApiHostStandIn } from '../../support/api-host-stand-in';
import { testConfig } from '../../support/render';

// The visitor has no account: the booking says which language its receipt is mailed in, the one
// the page was read in (contract/visitor-pass.ts, visitorBookingRequestSchema).
const bodies: unknown[] = [];
let apiHost: ApiHostStandIn;

beforeAll(async () => {
  apiHost = await startApiHostStandIn((_, body) => {
    bodies.push(JSON.parse(body));
    return { status: 201, body: queuedBooking };
  });
  // The app reads its configuration on first use; nothing in this file has used it yet.
  window.__KERBSIDE_CONFIG__ = { ...testConfig, apiBaseUrl: apiHost.url };
});

afterAll(() => apiHost.close());

async function book(): Promise<unknown> {
  const bookVisit = visitorBookingActors.actors?.bookVisit;
  if (!bookVisit) throw new Error('The visitor booking provides no bookVisit.');
  const input = { token: 'pass-token-1', payload: filledBookingPayload };
  await toPromise(createActor(bookVisit, { input }).start());
  return bodies.at(-1);
}

test('a booking made on the page in Welsh asks for its receipt in Welsh, in English in English', async () => {
  await activateLanguage('cy');
  try {
    expect(await book()).toEqual({ ...filledBookingPayload, language: 'cy' });
  } finally {
    await activateLanguage('en');
  }
  expect(await book()).toEqual({ ...filledBookingPayload, language: 'en' });
});
