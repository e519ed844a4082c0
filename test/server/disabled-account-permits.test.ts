import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { permits } from '../../server/db/schema';
import { createHostLogger } from '../../server/logging/create-host-logger';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import {
  admin,
  londonNow,
  permitOf,
  permitPayload,
  signedInPermitClient,
  type PermitClient,
} from './support/permit-api';
import { startPermitWorkers, type PermitWorkers } from './support/permit-workers';
import {
  eventually,
  permitReaching,
  recordingProvider,
  type RecordingProvider,
} from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { startTestApi, type TestApi } from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

let database: TestDatabase;
let api: TestApi;
let recorder: RecordingProvider;
let workers: PermitWorkers;
let mailer: Mailer;
let outboxDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  api = await startTestApi(database.db);
  outboxDir = mkdtempSync(path.join(tmpdir(), 'kerbside-disabled-'));
  mailer = createMailer({
    outboxDir,
    from: 'Kerbside <no-reply@kerbside.test>',
    log: createHostLogger({ level: 'silent' }),
  });
  recorder = recordingProvider();
  workers = startPermitWorkers(database.db, {
    mailer,
    publicUrl: () => api.url,
    provider: recorder.provider,
  });
});

afterAll(async () => {
  await workers?.stop();
  mailer?.close();
  await api?.close();
  await database?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

/** The resident's permit mails, each as its subject and the registration it is about. */
function permitMailsTo(resident: PermitClient): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(outboxDir, name), 'utf8')) as {
          to: Array<{ address: string }>;
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to.some((to) => to.address === resident.email))
    .filter((mail) => mail.subject.startsWith('Permit '))
    .map((mail) => `${mail.subject} – ${/^Registration: .*$/m.exec(mail.text)?.[0]}`);
}

describe('`admin user disable`', () => {
  it("starts none of the account's scheduled permits, ends its live ones, and mails it nothing more", async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const live = permitOf(await resident.create(permitPayload({ end_ts: null })));
    const scheduled = permitOf(
      await resident.create(
        permitPayload({ start_ts: londonNow({ minutes: 2 }), end_ts: londonNow({ hours: 3 }) }),
      ),
    );
    await permitReaching(database.db, live.id, 'ACTIVE');
    await eventually(async () => permitMailsTo(resident).length === 3 || undefined);

    await admin(database.db, { command: 'user.disable', email: resident.email });
    // The scheduled start comes (as it would 65 s later).
    await database.db
      .update(permits)
      .set({ startTs: new Date(Date.now() - 1000) })
      .where(eq(permits.id, scheduled.id));

    expect((await permitReaching(database.db, scheduled.id, 'CANCELLED')).lastError).toBe(
      'The account is disabled.',
    );
    await permitReaching(database.db, live.id, 'CANCELLED');
    expect(recorder.callsFor(scheduled.id)).toEqual([]);
    expect(recorder.callsFor(live.id).map((call) => call.operation)).toEqual(['create', 'cancel']);
    // Several more rounds of the dispatcher: the cancellations are not mailed to the account.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(permitMailsTo(resident).sort()).toEqual(
      [
        `Permit active: your Kerbside visitor permit – Registration: ${live.vrm}`,
        `Permit booked: your Kerbside visitor permit – Registration: ${live.vrm}`,
        `Permit booked: your Kerbside visitor permit – Registration: ${scheduled.vrm}`,
      ].sort(),
    );
  });

  it('leaves the permits of other residents alone', async () => {
    const disabled = await signedInPermitClient(api.url, database.db);
    const other = await signedInPermitClient(api.url, database.db);
    const scheduled = permitOf(
      await other.create(permitPayload({ start_ts: londonNow({ minutes: 2 }), end_ts: null })),
    );
    await admin(database.db, { command: 'user.disable', email: disabled.email });
    await database.db
      .update(permits)
      .set({ startTs: new Date(Date.now() - 1000) })
      .where(eq(permits.id, scheduled.id));

    await permitReaching(database.db, scheduled.id, 'ACTIVE');
  });
});
