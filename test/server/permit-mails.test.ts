import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseConnection } from '../../server/db/database';
import { permitMails } from '../../server/db/schema';
import { createPermitMailDispatcher } from '../../server/mail/create-permit-mail-dispatcher';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import type { PermitMailSettings } from '../../server/mail/permit-mail-settings';
import type { PollingLoop } from '../../server/polling/create-polling-loop';
import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import { createHostLogger } from '../../server/logging/create-host-logger';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import {
  londonNow,
  permitOf,
  permitPayload,
  signedInPermitClient,
  type PermitClient,
} from './support/permit-api';
import {
  eventually,
  recordingProvider,
  testReconcilerSettings,
} from './support/reconciler-fixtures';
import { startTestApi, type TestApi } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

/** A mail as nodemailer's JSON transport writes it to the outbox. */
interface OutboxMail {
  to: Array<{ address: string }>;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const mailSettings: Partial<PermitMailSettings> = {
  intervalMs: 20,
  backoffMs: 30,
  maxBackoffMs: 100,
  leaseMs: 5000,
  reminderLeadMs: 60 * 60_000,
};

let postgres: PostgresServer;
let connections: DatabaseConnection[] = [];
let api: TestApi;
let outboxDir: string;
let reconciler: Reconciler;
const dispatchers: PollingLoop[] = [];
const mailers: Mailer[] = [];
/** Sends that fail on purpose before the next one succeeds, shared by both workers. */
let failuresToCome = 0;

function readOutbox(): OutboxMail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outboxDir, name), 'utf8')) as OutboxMail);
}

/** The resident's mails whose subject starts so, about the vehicle `vrm` when one is given. */
function mailsTo(resident: PermitClient, subjectStart = '', vrm?: string): OutboxMail[] {
  return readOutbox().filter(
    (mail) =>
      mail.to.some((to) => to.address === resident.email) &&
      mail.subject.startsWith(subjectStart) &&
      (vrm === undefined || mail.text.split('\n').includes(`Registration: ${vrm}`)),
  );
}

function mailArriving(
  resident: PermitClient,
  subjectStart: string,
  vrm?: string,
): Promise<OutboxMail> {
  return eventually(async () => mailsTo(resident, subjectStart, vrm)[0], 10_000);
}

/** Waits until every mail of the permit is sent, skipped or given up. */
async function settled(permitId: number) {
  const db = connections[0]!.db;
  return eventually(async () => {
    const rows = await db.select().from(permitMails).where(eq(permitMails.permitId, permitId));
    return rows.length > 0 && rows.every((row) => row.outcome !== null) ? rows : undefined;
  }, 10_000);
}

/** A worker's dispatcher on its own database connection, sharing the outbox. */
function startDispatcher(connection: DatabaseConnection, settings = mailSettings): PollingLoop {
  const outbox = createMailer({
    outboxDir,
    from: 'Kerbside <no-reply@kerbside.test>',
    log: createHostLogger({ level: 'silent' }),
  });
  const flaky: Mailer = {
    send: async (message) => {
      if (failuresToCome > 0) {
        failuresToCome -= 1;
        throw new Error('SMTP server unavailable');
      }
      await outbox.send(message);
    },
    close: () => outbox.close(),
  };
  mailers.push(flaky);
  const dispatcher = createPermitMailDispatcher({
    db: connection.db,
    mailer: flaky,
    settings,
    publicUrl: () => api.url,
    log: createHostLogger({ level: 'silent' }),
  });
  dispatcher.start();
  dispatchers.push(dispatcher);
  return dispatcher;
}

beforeAll(async () => {
  postgres = await startPostgres();
  // Two workers, each with its own connection pool, as two processes would have.
  connections = [
    await openDatabase({ databaseUrl: postgres.url }),
    await openDatabase({ databaseUrl: postgres.url }),
  ];
  outboxDir = mkdtempSync(path.join(tmpdir(), 'kerbside-permit-mails-'));
  api = await startTestApi(connections[0]!.db);
  reconciler = createReconciler({
    db: connections[0]!.db,
    provider: recordingProvider().provider,
    settings: testReconcilerSettings,
    log: createHostLogger({ level: 'silent' }),
  });
  reconciler.start();
  for (const connection of connections) startDispatcher(connection);
});

afterAll(async () => {
  await reconciler?.stop();
  for (const dispatcher of dispatchers) await dispatcher.stop();
  for (const mailer of mailers) mailer.close();
  await api?.close();
  for (const connection of connections) await connection.close();
  await postgres?.stop();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

const ukDateTime = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

describe('permit confirmations, through the outbox, with two workers sending', () => {
  it('confirms a new permit with its registration, vehicle, UK times, reference and status, then its activation, once each', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const permit = permitOf(
      await resident.create(permitPayload({ end_ts: londonNow({ hours: 3 }) })),
    );

    const booked = await mailArriving(resident, 'Permit booked: ');
    // Nothing the resident typed in the subject: the registration and reference are in the body.
    expect(booked.subject).toBe('Permit booked: your Kerbside visitor permit');
    for (const line of [
      `Registration: ${permit.vrm}`,
      'Vehicle: Ford Focus Blue',
      `Reference: ${permit.reference_no}`,
      'Status: Queued',
    ]) {
      expect(booked.text).toContain(line);
      expect(booked.html).toContain(line.split(': ')[1]);
    }
    expect(booked.text).toMatch(new RegExp(`Starts: ${ukDateTime.source}`));
    expect(booked.text).toMatch(new RegExp(`Ends: ${ukDateTime.source}`));
    // No remote images, no tracking: the only link is the one that switches confirmations off.
    expect(booked.html).not.toMatch(/<img|src=/i);
    expect(booked.html.match(/https?:\/\/[^"<\s]+/g)).toEqual([
      expect.stringContaining('/api/v1/email-preferences/switch-off/?'),
    ]);

    const active = await mailArriving(resident, 'Permit active: ');
    expect(active.text).toContain('Status: Active');
    await settled(permit.id);
    expect(mailsTo(resident, 'Permit booked: ')).toHaveLength(1);
    expect(mailsTo(resident, 'Permit active: ')).toHaveLength(1);
  });

  it('confirms a cancellation, and sends no reminder for the cancelled permit when its end comes near', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const cancelled = permitOf(
      await resident.create(
        permitPayload({ start_ts: londonNow({ hours: 1 }), end_ts: londonNow({ hours: 2 }) }),
      ),
    );
    const kept = permitOf(
      await resident.create(
        permitPayload({ start_ts: londonNow({ hours: 1 }), end_ts: londonNow({ hours: 2 }) }),
      ),
    );
    expect((await resident.post(`/api/v1/permits/${cancelled.id}/cancel/`)).status).toBe(200);
    const mail = await mailArriving(resident, 'Permit cancelled: ');
    expect(mail.subject).toBe('Permit cancelled: your Kerbside visitor permit');
    expect(mail.text).toContain(`Reference: ${cancelled.reference_no}`);
    expect(mail.text).toContain('Status: Cancelled');

    // Both end in two hours: a worker with a three-hour lead owes the held one its reminder now.
    startDispatcher(connections[1]!, { ...mailSettings, reminderLeadMs: 3 * 60 * 60_000 });
    await mailArriving(resident, 'Ending soon: ', kept.vrm);
    await settled(cancelled.id);
    expect(mailsTo(resident, 'Ending soon:')).toHaveLength(1);
    expect(mailsTo(resident, 'Ending soon: ', cancelled.vrm)).toEqual([]);
  });
});

describe('"Ending soon:" reminders', () => {
  it('are sent at once, and once, for a permit created with less time left than the lead', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const permit = permitOf(
      await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })),
    );

    const reminder = await mailArriving(resident, 'Ending soon:');
    expect(reminder.subject).toMatch(
      new RegExp(`^Ending soon: your Kerbside visitor permit ends ${ukDateTime.source}$`),
    );
    expect(reminder.text).toContain(`Reference: ${permit.reference_no}`);
    // Several more rounds of both workers: still one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settled(permit.id);
    expect(mailsTo(resident, 'Ending soon:')).toHaveLength(1);
  });

  it('are not sent for a permit whose time is far from its end', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const permit = permitOf(await resident.create(permitPayload()));
    await mailArriving(resident, 'Permit active: ');
    await settled(permit.id);
    expect(mailsTo(resident, 'Ending soon:')).toEqual([]);
  });
});

describe('a mail that cannot be sent', () => {
  it('never fails the permit, and is sent on a later try', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    failuresToCome = 3;
    const created = await resident.create(permitPayload());
    expect(created.status).toBe(201);

    await mailArriving(resident, 'Permit booked: ');
    const rows = await settled(permitOf(created).id);
    expect(rows.find((row) => row.kind === 'created')).toMatchObject({ outcome: 'sent' });
    expect(failuresToCome).toBe(0);
  });
});

describe('the resident chooses', () => {
  it('GET and PUT /api/v1/me/email-preferences/: both on at first; switched off, no confirmation is sent', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const preferences = '/api/v1/me/email-preferences/';
    expect(await resident.get(preferences)).toMatchObject({
      status: 200,
      body: { confirmations: true, reminders: true },
    });
    const put = await fetch(`${api.url}${preferences}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${resident.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmations: false, reminders: true }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ confirmations: false, reminders: true });

    const permit = permitOf(
      await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })),
    );
    await mailArriving(resident, 'Ending soon:');
    await settled(permit.id);
    expect(mailsTo(resident, 'Permit ')).toEqual([]);
  });

  it('refuses preferences that are not two booleans, and an unauthenticated caller', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    const url = `${api.url}/api/v1/me/email-preferences/`;
    const bad = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${resident.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmations: 'no' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      confirmations: ['Must be a valid boolean.'],
      reminders: ['This field is required.'],
    });
    expect((await fetch(url)).status).toBe(401);
  });

  it('every mail carries a one-click link (and RFC 8058 headers) that switches its kind off, and only that kind', async () => {
    const resident = await signedInPermitClient(api.url, connections[0]!.db);
    permitOf(await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })));
    const reminder = await mailArriving(resident, 'Ending soon:');

    expect(reminder.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(reminder.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(reminder.text).toContain(
      `To stop reminders before a permit ends, open this link: ${link}`,
    );

    // Following the link (as a mail scanner would) only shows the button.
    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    const shownPage = await shown.text();
    expect(shownPage).toContain(
      '<button type="submit">Stop reminders before a permit ends</button>',
    );
    const linkUrl = new URL(link);
    expect(shownPage).toContain(
      `<form method="post" action="${linkUrl.pathname}${linkUrl.search.replace(/&/g, '&amp;')}">`,
    );
    expect((await resident.get('/api/v1/me/email-preferences/')).body).toEqual({
      confirmations: true,
      reminders: true,
    });

    // The same link signed for reminders does not switch confirmations off.
    const forged = new URL(link);
    forged.searchParams.set('kind', 'confirmations');
    expect((await fetch(forged, { method: 'POST' })).status).toBe(404);

    // RFC 8058 one-click: the mail client POSTs the form, with no session.
    const clicked = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('You will get no more reminders before a permit ends');
    expect((await resident.get('/api/v1/me/email-preferences/')).body).toEqual({
      confirmations: true,
      reminders: false,
    });
  });
});
