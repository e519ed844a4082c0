import { AttemptThrottle } from '../../server/auth/attempt-throttle';
import type { Mailer } from '../../server/mail/mailer';
import { captureLog } from './support/captured-log';
import { testDatabaseAndApi } from './support/database-and-api';
import type { JsonResponse } from '../../scripts/stack/test-api';
import { signedInPermitClient } from './support/permit-api';
import { eventually } from './support/reconciler-fixtures';
import {
  bookingOf,
  bookingPayload,
  createPass,
  newAddress,
  visitor,
} from './support/visitor-pass-api';

jest.setTimeout(60_000);

const limit = 3;
const log = captureLog();
/** A mailer that refuses every message, quoting its recipient as SMTP servers do. */
const refusingMailer: Mailer = {
  send: async (message) => {
    throw Object.assign(new Error(`550 5.1.1 <${message.to}>: Recipient address rejected`), {
      code: 'EENVELOPE',
    });
  },
  close: () => {},
};
const throttle = (name: string) => new AttemptThrottle({ name, limit, windowMs: 60_000 });
const host = testDatabaseAndApi({
  logger: log.logger,
  mailer: refusingMailer,
  throttles: {
    visitorPassAddress: throttle('visitor-pass-address'),
    visitorPassToken: throttle('visitor-pass-token'),
  },
});

let unknownSerial = 0;
/** A token of the right shape that no pass has. */
function unknownToken(): string {
  unknownSerial += 1;
  return `unknown${unknownSerial}`.padEnd(43, 'x');
}

function expectThrottled(answer: JsonResponse): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    detail: expect.stringMatching(/^Too many visitor pass attempts\. Try again in \d+ seconds\.$/),
  });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
}

describe('the links’ throttles', () => {
  it('refuse an address once its refused calls pass the limit, whatever the link', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident);
    const guesser = newAddress();

    const guesses = [];
    for (let guess = 0; guess < limit; guess += 1) {
      guesses.push(await visitor(host.api.url, unknownToken(), guesser).invitation());
    }

    expect(guesses.map((answer) => answer.status)).toEqual([404, 404, 404]);
    expectThrottled(await visitor(host.api.url, unknownToken(), guesser).invitation());
    expectThrottled(await visitor(host.api.url, pass.token, guesser).invitation());
    expect((await visitor(host.api.url, pass.token, newAddress()).invitation()).status).toBe(200);
  });

  it('count nothing against calls that went well, however many', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident);
    const link = visitor(host.api.url, pass.token, newAddress());
    const booking = bookingOf(await link.book());

    const answers = [];
    for (let call = 0; call < limit * 3; call += 1) {
      answers.push(await link.booking(booking.reference_no));
    }

    expect(answers.map((answer) => answer.status)).toEqual(Array(limit * 3).fill(200));
  });

  it('refuse a link whose refused calls pass the limit, but only to addresses refused before', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident);
    const other = await createPass(resident);
    const [first, second, fresh] = [newAddress(), newAddress(), newAddress()];
    const refusedBooking = bookingPayload({ vrm: '' });

    // As many refusals on the link as its limit, from two addresses: neither is near its own.
    for (const address of [first, second, second]) {
      expect((await visitor(host.api.url, pass.token, address).book(refusedBooking)).status).toBe(
        400,
      );
    }

    expectThrottled(await visitor(host.api.url, pass.token, first).book());
    // An address that has not been refused is heard once, so nobody can lock the visitor out.
    expect((await visitor(host.api.url, pass.token, fresh).book(refusedBooking)).status).toBe(400);
    expectThrottled(await visitor(host.api.url, pass.token, fresh).invitation());
    // Another link from a refused address is not this link's refusals.
    expect((await visitor(host.api.url, other.token, second).invitation()).status).toBe(200);
  });
});

describe('what the host logs of the links', () => {
  it('never the token of a link, in the path or anywhere, nor the visitor’s address', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident, { uses: 2 });
    const link = visitor(host.api.url, pass.token, newAddress());
    const address = `logged-${Date.now()}@example.com`;

    await link.invitation();
    const booking = bookingOf(await link.book(bookingPayload({ receipt_email: address })));
    await link.booking(booking.reference_no);
    await resident.post(`/api/v1/visitor-passes/${pass.id}/withdraw/`);
    await link.invitation();
    await eventually(async () => log.text().includes('Sending a visitor’s receipt failed'));

    const text = log.text();
    expect(text).not.toContain(pass.token);
    expect(text).not.toContain(address);
    const urls = log
      .entries()
      .map((entry) => (entry.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url?.includes('/visit/') ?? false);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/visitor-passes/visit/[redacted]/',
        '/api/v1/visitor-passes/visit/[redacted]/book/',
        `/api/v1/visitor-passes/visit/[redacted]/bookings/${encodeURIComponent(booking.reference_no)}/`,
      ]),
    );
    expect(urls.length).toBeGreaterThanOrEqual(4);
  });
});
