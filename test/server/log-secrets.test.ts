import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { switchOffLink } from '../../server/mail/mail-links';
import type { ParkingProvider } from '../../server/provider/parking-provider';
import { createReconciler } from '../../server/reconciler/create-reconciler';
import { captureLog } from './support/captured-log';
import { startOutboxHost, waitForOutboxMail, type OutboxHost } from './support/outbox-host';
import {
  call,
  createInvite,
  customTokenOf,
  registration,
  startIdentitySession,
  startTestApi,
  strongPassword,
} from '../../scripts/stack/test-api';
import { openTestDatabase } from './support/test-database';
import { myPermitsDefaultPath } from '../../scripts/bench/app-requests';

jest.setTimeout(90_000);

const hosts: OutboxHost[] = [];
afterAll(async () => {
  for (const host of hosts) await host.close();
});

/** The real host, its log captured; `verified` has no emulator, as a council runs it. */
async function startLoggedHost(mode: 'emulator' | 'verified'): Promise<OutboxHost> {
  const host = await startOutboxHost(mode);
  hosts.push(host);
  return host;
}

async function resetTokenFromOutbox(host: OutboxHost): Promise<{ uid: string; token: string }> {
  const { text } = await waitForOutboxMail(host);
  const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
  return { uid: link.searchParams.get('uid')!, token: link.searchParams.get('token')! };
}

const mailSentence = 'Someone asked to reset the password';

describe('what the host logs', () => {
  it('logs requests with ids, but no password or token during sign-in and password change', async () => {
    const host = await startLoggedHost('emulator');
    const { email, password } = host.api.demo!;
    const newPassword = 'Changed-Password-42';
    const auth = `${host.api.url}/api/v1/auth`;

    const wrong = await call(`${auth}/login/`, 'POST', {
      body: { email, password: 'Wrong-Password-99' },
    });
    const login = await call(`${auth}/login/`, 'POST', { body: { email, password } });
    const session = await startIdentitySession(customTokenOf(login.body));
    const headers = { authorization: `Bearer ${session.idToken}` };
    const profile = await call(`${auth}/profile/`, 'GET', { headers });
    const change = await call(`${auth}/change-password/`, 'POST', {
      headers,
      body: { current_password: password, new_password: newPassword },
    });

    expect([wrong.status, login.status, profile.status, change.status]).toEqual([
      401, 200, 200, 200,
    ]);
    const text = host.log.text();
    for (const secret of [
      password,
      newPassword,
      'Wrong-Password-99',
      customTokenOf(login.body),
      customTokenOf(change.body),
      session.idToken,
      session.refreshToken,
    ]) {
      expect(text).not.toContain(secret);
    }
    const completed = host.log.entries().filter((entry) => entry.msg === 'request completed');
    expect(completed).toHaveLength(4);
    expect(completed.map((entry) => entry.reqId)).toEqual([
      wrong.headers['x-request-id'],
      login.headers['x-request-id'],
      profile.headers['x-request-id'],
      change.headers['x-request-id'],
    ]);
    expect(new Set(completed.map((entry) => entry.reqId)).size).toBe(4);
  });

  it('outside emulator mode logs a reset without its link, token, new password or mail text', async () => {
    const host = await startLoggedHost('verified');
    const auth = `${host.api.url}/api/v1/auth`;

    const request = await call(`${auth}/password-reset/`, 'POST', {
      body: { email: host.api.demo!.email },
    });
    const link = await resetTokenFromOutbox(host);
    const confirm = await call(`${auth}/password-reset-confirm/`, 'POST', {
      body: { ...link, password: 'Reset-Password-77' },
    });

    expect([request.status, confirm.status]).toEqual([200, 200]);
    const text = host.log.text();
    expect(text).toContain('Mail saved to the outbox');
    for (const secret of [link.token, 'Reset-Password-77', mailSentence, host.api.demo!.email]) {
      expect(text).not.toContain(secret);
    }
  });

  it('in emulator mode logs the reset link for the developer, but not the mail text', async () => {
    const host = await startLoggedHost('emulator');

    await call(`${host.api.url}/api/v1/auth/password-reset/`, 'POST', {
      body: { email: host.api.demo!.email },
    });
    const link = await resetTokenFromOutbox(host);

    const [mail] = host.log.entries().filter((entry) => entry.msg === 'Mail saved to the outbox');
    expect(mail).toMatchObject({
      to: host.api.demo!.email,
      links: [expect.stringContaining(link.token)],
    });
    expect(host.log.text()).not.toContain(mailSentence);
  });

  it("logs an e-mail switch-off link's path, but not its permanent token", async () => {
    const database = await openTestDatabase();
    const log = captureLog();
    const api = await startTestApi(database.db, { logger: log.logger });
    try {
      const details = registration(await createInvite(database.db));
      expect(
        (await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details })).status,
      ).toBe(201);
      const [owner] = await database.db
        .select({ id: users.id, mailLinkKey: users.mailLinkKey })
        .from(users)
        .where(eq(users.email, details.email));
      const link = new URL(switchOffLink(api.url, owner!, 'reminders'));
      const token = link.searchParams.get('token')!;

      const page = await fetch(link);

      expect(page.status).toBe(200);
      const [completed] = log
        .entries()
        .filter((entry) => entry.msg === 'request completed')
        .map((entry) => entry.req as { url: string })
        .filter((req) => req.url.startsWith('/api/v1/email-preferences/switch-off/'));
      expect(completed?.url).toBe(
        `/api/v1/email-preferences/switch-off/?user=${owner!.id}&kind=reminders&token=[redacted]`,
      );
      expect(log.text()).not.toContain(token);
    } finally {
      await api.close();
      await database.close();
    }
  });

  it("logs one line a request, a query's credentials replaced however escaped", async () => {
    const database = await openTestDatabase();
    const log = captureLog();
    const api = await startTestApi(database.db, { logger: log.logger });
    try {
      const queries = [
        't%6Fken=hush-one&kind=reminders',
        '%4BEY=hush-two',
        'reset+code=hush-three',
        'search=TOKEN42&status=ACTIVE',
      ];
      const ids: string[] = [];
      for (const query of queries) {
        const response = await call(`${api.url}/api/v1/site-settings/?${query}`, 'GET');
        ids.push(response.headers['x-request-id'] as string);
      }
      const listed = await call(`${api.url}${myPermitsDefaultPath()}`, 'GET');
      ids.push(listed.headers['x-request-id'] as string);

      const lines = log.entries().filter((entry) => ids.includes(entry.reqId as string));
      expect(lines.map((entry) => [entry.msg, (entry.req as { url: string }).url])).toEqual([
        ['request completed', '/api/v1/site-settings/?t%6Fken=[redacted]&kind=reminders'],
        ['request completed', '/api/v1/site-settings/?%4BEY=[redacted]'],
        ['request completed', '/api/v1/site-settings/?reset+code=[redacted]'],
        ['request completed', '/api/v1/site-settings/?search=TOKEN42&status=ACTIVE'],
        ['request completed', myPermitsDefaultPath()],
      ]);
      expect(lines.map((entry) => (entry.res as { statusCode: number }).statusCode)).toEqual([
        200, 200, 200, 200, 401,
      ]);
      expect(log.text()).not.toMatch(/hush-(one|two|three)/);

      // A path that does not decode is refused before routing and answered as a request for "/".
      const refused = await call(`${api.url}/api/v1/permits/%E0%A4%A/activate/`, 'POST', {});
      const refusedLines = log
        .entries()
        .filter((entry) => entry.reqId === refused.headers['x-request-id']);
      expect(
        refusedLines.map((entry) => [
          entry.msg,
          (entry.req as { url: string }).url,
          (entry.res as { statusCode: number } | undefined)?.statusCode,
        ]),
      ).toEqual([
        ['refused before routing', '/api/v1/permits/%E0%A4%A/activate/', undefined],
        ['request completed', '/', refused.status],
      ]);
    } finally {
      await api.close();
      await database.close();
    }
  });

  it('logs a failed database statement by its table and code, without its parameters', async () => {
    const database = await openTestDatabase();
    const log = captureLog();
    const api = await startTestApi(database.db, { logger: log.logger });
    try {
      // A fault in the database itself: it refuses to store this one resident.
      await database.db.execute(sql`
        create function refuse_one_resident() returns trigger language plpgsql as $$
        begin
          if new.email like 'refused-%' then
            raise exception 'cannot store this resident' using errcode = 'P0001';
          end if;
          return new;
        end $$`);
      await database.db.execute(sql`
        create trigger refuse_one_resident before insert on users
        for each row execute function refuse_one_resident()`);
      const details = registration(await createInvite(database.db), {
        email: 'refused-resident@kerbside.test',
      });

      const response = await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details });

      expect(response.status).toBe(500);
      expect(response.body).toEqual({ detail: 'A server error occurred.' });
      const [failure] = log.entries().filter((entry) => entry.msg === 'Unhandled error');
      expect(failure).toMatchObject({
        reqId: response.headers['x-request-id'],
        err: { message: 'Database statement failed: insert into "users"', code: 'P0001' },
      });
      const text = log.text();
      for (const secret of ['refused-resident', strongPassword, '$argon2id', 'Lovelace']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await api.close();
      await database.close();
    }
  });

  it("logs the reconciler's failures as errors through the host's logger", async () => {
    const log = captureLog();
    const unreachable = {
      transaction: () => Promise.reject(new Error('connection to the database lost')),
    } as unknown as Database;
    const reconciler = createReconciler({
      db: unreachable,
      provider: {} as ParkingProvider,
      settings: { intervalMs: 10 },
      log: log.logger,
    });

    reconciler.start();
    const deadline = Date.now() + 5_000;
    while (log.entries().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await reconciler.stop();

    expect(log.entries()[0]).toMatchObject({
      level: 50,
      msg: 'Permit reconciler: a round or a permit step failed',
      err: { message: 'connection to the database lost' },
    });
  });

  it('reads LOG_LEVEL, refusing a level pino does not know', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
