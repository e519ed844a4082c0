import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { permitMails, permits, users } from '../../server/db/schema';
import { createHostLogger } from '../../server/logging/create-host-logger';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import {
  admin,
  permitOf,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
} from './support/permit-api';
import { startPermitWorkers, type PermitWorkers } from './support/permit-workers';
import { eventually } from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import {
  call,
  createInvite,
  customTokenOf,
  registration,
  signInWithCustomToken,
  startTestApi,
  type TestApi,
} from '../../scripts/stack/test-api';

jest.setTimeout(90_000);

/** The hourly mail limit per account in this file: low, so that a test can reach it. */
const perHour = 4;
const phishing = 'Your council tax is overdue. Pay now at http://evil.example/pay';

interface OutboxMail {
  to: Array<{ address: string }>;
  subject: string;
  text: string;
  html?: string;
}

let database: TestDatabase;
let api: TestApi;
let mailer: Mailer;
let outboxDir: string;
let workers: PermitWorkers;

beforeAll(async () => {
  database = await openTestDatabase();
  outboxDir = mkdtempSync(path.join(tmpdir(), 'kerbside-phishing-'));
  mailer = createMailer({
    outboxDir,
    from: 'Kerbside <no-reply@kerbside.test>',
    log: createHostLogger({ level: 'silent' }),
  });
  api = await startTestApi(database.db, { mailer, mailsPerAccountPerHour: perHour });
  workers = startPermitWorkers(database.db, {
    mailer,
    publicUrl: () => api.url,
    mailSettings: { mailsPerAccountPerHour: perHour },
  });
});

afterAll(async () => {
  await workers?.stop();
  mailer?.close();
  await api?.close();
  await database?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

afterEach(() => resetSiteSettings(database.db));

function mailsTo(address: string): OutboxMail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outboxDir, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.some((to) => to.address === address));
}

const mailArriving = (address: string, subject: string) =>
  eventually(async () => mailsTo(address).find((mail) => mail.subject === subject), 10_000);

/** Every mail of the permit sent, skipped or given up. */
async function settledMails(permitId: number) {
  return eventually(async () => {
    const rows = await database.db
      .select()
      .from(permitMails)
      .where(eq(permitMails.permitId, permitId));
    return rows.length >= 2 && rows.every((row) => row.outcome !== null) ? rows : undefined;
  }, 10_000);
}

/** Registers with the given details and signs in: the resident's bearer header. */
async function registered(details: Record<string, unknown>) {
  const response = await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details });
  expect(response.status).toBe(201);
  const idToken = await signInWithCustomToken(customTokenOf(response.body));
  return { authorization: `Bearer ${idToken}` };
}

const confirmSubject = 'Confirm your e-mail address for Kerbside';

describe('an address that is not confirmed', () => {
  it('gets a confirmation mail with nothing the account holder typed, and no permit mail until its link is opened', async () => {
    const details = registration(await createInvite(database.db, { uses: 1, permitLimit: 10 }), {
      first_name: phishing,
      last_name: 'http://evil.example/x',
    });
    const { authorization } = await registered(details);
    const headers = { authorization };
    const verification = `${api.url}/api/v1/me/email-verification/`;

    const confirmation = await mailArriving(details.email, confirmSubject);
    expect(confirmation.text).not.toMatch(/council tax|evil\.example/);
    expect(await call(verification, 'GET', { headers })).toMatchObject({
      status: 200,
      body: { verified: false },
    });

    const unmailed = permitOf(
      await call(`${api.url}/api/v1/permits/`, 'POST', { headers, body: permitPayload() }),
    );
    const rows = await settledMails(unmailed.id);
    expect(rows.map((row) => row.outcome)).toEqual(['skipped', 'skipped']);
    expect(mailsTo(details.email).map((mail) => mail.subject)).toEqual([confirmSubject]);

    // A mail scanner following the link confirms nothing: the page has a button that does.
    const link = /^http\S+$/m.exec(confirmation.text)?.[0] ?? '';
    expect(link).toContain('/api/v1/email-verification/confirm/?');
    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(
      '<button type="submit">Confirm my e-mail address</button>',
    );
    expect((await call(verification, 'GET', { headers })).body).toEqual({ verified: false });
    const confirmed = await fetch(link, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your e-mail address is confirmed');
    expect((await call(verification, 'GET', { headers })).body).toEqual({ verified: true });

    permitOf(await call(`${api.url}/api/v1/permits/`, 'POST', { headers, body: permitPayload() }));
    await mailArriving(details.email, 'Permit booked: your Kerbside visitor permit');
  });

  it('refuses a link that was changed, made for another address, or has expired', async () => {
    const details = registration(await createInvite(database.db, { uses: 1, permitLimit: 10 }));
    await registered(details);
    const confirmation = await mailArriving(details.email, confirmSubject);
    const link = new URL(/^http\S+$/m.exec(confirmation.text)?.[0] ?? '');

    const forged = new URL(link);
    forged.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 1));
    const expired = new URL(link);
    expired.searchParams.set('expires', String(Date.now() - 1000));
    // The resident's address changed since the link was sent: it confirms the old one only.
    await database.db
      .update(users)
      .set({ email: `changed-${details.email}` })
      .where(eq(users.email, details.email));
    for (const url of [forged, expired, link]) {
      expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    }
    const [stored] = await database.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, `changed-${details.email}`));
    expect(stored?.verifiedAt).toBeNull();
  });

  it('may be sent a password-reset link, which names nobody', async () => {
    const details = registration(await createInvite(database.db, { uses: 1, permitLimit: 10 }), {
      first_name: phishing,
    });
    await registered(details);

    const asked = await call(`${api.url}/api/v1/auth/password-reset/`, 'POST', {
      body: { email: details.email },
    });
    expect(asked.status).toBe(200);
    const reset = await mailArriving(details.email, 'Reset your Kerbside password');
    expect(reset.text).toMatch(/^Hello,$/m);
    expect(reset.text).not.toMatch(/council tax|evil\.example/);
  });
});

describe('what a resident typed', () => {
  it('stays out of every subject, and shows in the body only as labelled one-line data', async () => {
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });
    const resident = await signedInPermitClient(api.url, database.db);
    const permit = permitOf(
      await resident.create(
        permitPayload({
          reference_label: 'SPAM0 (URGENT pay fine http://evil.example/x)',
          make: 'Ford\n\nYour council tax is overdue.',
          model: 'Focus\r\nhttp://evil.example/pay',
        }),
      ),
    );
    await settledMails(permit.id);

    const mails = mailsTo(resident.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        confirmSubject,
        'Permit active: your Kerbside visitor permit',
        'Permit booked: your Kerbside visitor permit',
      ].sort(),
    );
    const booked = mails.find((mail) => mail.subject.startsWith('Permit booked'))!;
    const lines = booked.text.split('\n');
    expect(lines).toContain('Reference: SPAM0 (URGENT pay fine http://evil.example/x)');
    expect(lines).toContain(
      'Vehicle: Ford Your council tax is overdue. Focus http://evil.example/pay Blue',
    );
    // No line of the mail starts with the typed text.
    expect(lines.filter((line) => /council tax|evil\.example/.test(line))).toEqual([
      'Vehicle: Ford Your council tax is overdue. Focus http://evil.example/pay Blue',
      'Reference: SPAM0 (URGENT pay fine http://evil.example/x)',
    ]);
  });
});

describe('the hourly mail limit of an account', () => {
  it('holds for address confirmations and permit mails together', async () => {
    const details = registration(await createInvite(database.db, { uses: 1, permitLimit: 10 }));
    const { authorization } = await registered(details);
    const headers = { authorization };
    const again = () => call(`${api.url}/api/v1/me/email-verification/`, 'POST', { headers });

    expect((await again()).status).toBe(202);
    expect((await again()).status).toBe(202);
    expect((await again()).status).toBe(202);
    const refused = await again();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail:
        'Too many e-mails have been sent to your address in the last hour. Please try again later.',
    });
    expect(mailsTo(details.email)).toHaveLength(perHour);

    await database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, details.email));
    const permit = permitOf(
      await call(`${api.url}/api/v1/permits/`, 'POST', { headers, body: permitPayload() }),
    );
    const rows = await settledMails(permit.id);
    expect(rows.map((row) => [row.outcome, row.lastError])).toEqual([
      ['skipped', 'Hourly mail limit of the account reached'],
      ['skipped', 'Hourly mail limit of the account reached'],
    ]);
    expect(mailsTo(details.email)).toHaveLength(perHour);
    // The permit itself is not held back by its mails.
    const [stored] = await database.db
      .select({ status: permits.status })
      .from(permits)
      .where(eq(permits.id, permit.id));
    expect(stored?.status).toBe('ACTIVE');
  });
});

describe('password-reset mails, which anyone may ask for any address', () => {
  it('take at most half of the hourly limit, leaving the rest to the resident’s own mails', async () => {
    const details = registration(await createInvite(database.db, { uses: 1 }));
    // Registering sends the address confirmation: one of the four.
    const { authorization } = await registered(details);
    // Asked through a host of its own, closed before counting: closing waits for the mails its
    // answers left on their way (server/mail/send-after-answer.ts).
    const asking = await startTestApi(database.db, { mailer, mailsPerAccountPerHour: perHour });
    try {
      for (let asked = 0; asked < 3; asked += 1) {
        const reset = await call(`${asking.url}/api/v1/auth/password-reset/`, 'POST', {
          body: { email: details.email },
        });
        expect(reset.status).toBe(200);
      }
    } finally {
      await asking.close();
    }
    const resets = mailsTo(details.email).filter(
      (mail) => mail.subject === 'Reset your Kerbside password',
    );

    expect(resets).toHaveLength(perHour / 2);
    const again = await call(`${api.url}/api/v1/me/email-verification/`, 'POST', {
      headers: { authorization },
    });
    expect(again.status).toBe(202);
  });
});

describe('guessed mail links', () => {
  it('opened in a browser, answer a page in English and Welsh that says the link does not work', async () => {
    const answer = await fetch(
      `${api.url}/api/v1/email-verification/confirm/?user=00000000-0000-4000-8000-000000000001&expires=9999999999999&token=guess`,
      { headers: { accept: 'text/html,application/xhtml+xml' } },
    );

    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await answer.text();
    // The Welsh half of the heading is marked Welsh, for a screen reader's voice.
    expect(page).toContain(
      '<h1>This link does not work / <span lang="cy">Nid yw’r ddolen hon yn gweithio</span></h1>',
    );
    expect(page).toContain(
      '<p lang="cy">Efallai ei bod wedi dod i ben, neu wedi’i defnyddio’n barod. Agorwch y gwasanaeth i ofyn am un newydd.</p>',
    );
  });

  it('are not found, and the two kinds together are refused from an address after 10', async () => {
    const from = '127.0.0.77';
    const guess = (index: number) =>
      index % 2 === 0
        ? `/api/v1/email-preferences/switch-off/?user=00000000-0000-4000-8000-00000000000${index % 10}&kind=reminders&token=guess${index}`
        : `/api/v1/email-verification/confirm/?user=00000000-0000-4000-8000-00000000000${index % 10}&expires=9999999999999&token=guess${index}`;

    for (let index = 0; index < 10; index += 1) {
      const answer = await call(`${api.url}${guess(index)}`, 'GET', { from });
      expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
    for (const index of [10, 11]) {
      const answer = await call(`${api.url}${guess(index)}`, 'POST', { from });
      expect(answer).toMatchObject({
        status: 429,
        body: {
          detail: expect.stringMatching(
            /^Too many invalid e-mail links\. Try again in \d+ seconds\.$/,
          ),
        },
      });
    }
  });
});
