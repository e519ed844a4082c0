import { eq } from 'drizzle-orm';
import { permitMails } from '../../server/db/schema';
import type { Mailer } from '../../server/mail/mailer';
import { call, createInvite, registration } from '../../scripts/stack/test-api';
import { captureLog } from './support/captured-log';
import { testDatabaseAndApi } from './support/database-and-api';
import { permitOf, permitPayload, signedInPermitClient } from './support/permit-api';
import { startPermitWorkers, type PermitWorkers } from './support/permit-workers';
import { eventually } from './support/reconciler-fixtures';

jest.setTimeout(60_000);

const log = captureLog();
/**
 * A mail server that refuses every recipient, as nodemailer reports it: its reply quotes the
 * address, and the error lists it again.
 */
const refusingMailer: Mailer = {
  send: async (message) => {
    const reply = `550 5.1.1 <${message.to}>: Recipient address rejected`;
    throw Object.assign(new Error(`Can't send mail - all recipients were rejected: ${reply}`), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: reply,
      rejected: [message.to],
      rejectedErrors: [{ recipient: message.to, response: reply }],
    });
  },
  close: () => {},
};
let workers: PermitWorkers;
// Declared before the host's own, so that it runs first: the workers stop before the database.
afterAll(() => workers?.stop());
const host = testDatabaseAndApi({ logger: log.logger, mailer: refusingMailer });
beforeAll(() => {
  workers = startPermitWorkers(host.db, {
    mailer: refusingMailer,
    publicUrl: () => host.api.url,
    mailSettings: { maxAttempts: 1 },
  });
});

const refusal = 'The mail server refused the message (EENVELOPE, 550).';

it('logs a refused mail by its codes, never the address its refusal quotes', async () => {
  const details = registration(await createInvite(host.db, { uses: 1 }));
  const unconfirmed = await signedInPermitClient(host.api.url, host.db, { emailVerified: false });

  // The address confirmation after registering, a password reset, and a confirmation sent again.
  expect(
    (await call(`${host.api.url}/api/v1/auth/register/`, 'POST', { body: details })).status,
  ).toBe(201);
  const reset = await call(`${host.api.url}/api/v1/auth/password-reset/`, 'POST', {
    body: { email: details.email },
  });
  const again = await call(`${host.api.url}/api/v1/me/email-verification/`, 'POST', {
    headers: { authorization: `Bearer ${unconfirmed.idToken}` },
  });

  expect(reset.status).toBe(200);
  expect(again.status).toBe(500);
  // The reset's mail leaves after its answer; the others before theirs.
  await eventually(
    async () =>
      log.entries().some((entry) => entry.msg === 'A password-reset mail failed') || undefined,
  );
  const failures = log.entries().filter((entry) => entry.err !== undefined);
  expect(failures.map((entry) => entry.msg)).toEqual(
    expect.arrayContaining([
      'The address confirmation mail could not be sent',
      'A password-reset mail failed',
    ]),
  );
  for (const failure of failures) {
    expect((failure.err as { message?: unknown }).message).toBe(refusal);
  }
  expect(log.text()).not.toContain(details.email.toLowerCase());
  expect(log.text()).not.toContain(unconfirmed.email.toLowerCase());
});

it('keeps a permit mail’s refusal by its codes, never the address', async () => {
  const resident = await signedInPermitClient(host.api.url, host.db);
  const permit = permitOf(await resident.create(permitPayload()));

  const failed = await eventually(async () => {
    const [mail] = await host.db
      .select()
      .from(permitMails)
      .where(eq(permitMails.permitId, permit.id));
    return mail?.lastError ? mail : undefined;
  });

  expect(failed.lastError).toBe(refusal);
});
