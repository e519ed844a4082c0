import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dispatchAdminCommand } from '../../server/admin/dispatch-admin-command';
import { startApi, type RunningApi } from '../../server/start-api';
import { captureLog, type CapturedLog } from './support/captured-log';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './support/smtp-catcher';
import { temporaryDataDir } from './support/test-database';
import {
  call,
  createInvite,
  customTokenOf,
  emulatorHost,
  projectId,
  refreshIdToken,
  registration,
  signInWithCustomToken,
  startIdentitySession,
  strongPassword,
  uniqueEmail,
  webOrigin,
} from '../../scripts/stack/test-api';
import { eventually } from './support/reconciler-fixtures';
import { testDatabaseAndApi } from './support/database-and-api';
import { sql } from 'drizzle-orm';

jest.setTimeout(90_000);

/** One message in the outbox, as nodemailer's JSON transport writes it. */
interface OutboxMessage {
  file: string;
  from: { address: string; name: string };
  to: Array<{ address: string; name: string }>;
  subject: string;
  text: string;
}

interface ResetHost {
  api: RunningApi;
  dataDir: string;
  log: CapturedLog;
}

const inviteCode = 'RESET-TEST';

/** The real API host on a free port, its PGlite and outbox in a temporary DATA_DIR. */
async function startResetHost(
  mail: { tokenLifetimeMs?: number; smtpUrl?: string } = {},
): Promise<ResetHost> {
  const dataDir = temporaryDataDir();
  const log = captureLog();
  const api = await startApi({
    port: 0,
    dataDir,
    webOrigin,
    authEmulatorHost: emulatorHost(),
    projectId: projectId(),
    reconciler: false,
    seedDemo: { inviteCode },
    passwordReset: { smtpUrl: undefined, ...mail },
    logger: log.logger,
  });
  return { api, dataDir, log };
}

async function stopResetHost(host: ResetHost | undefined): Promise<void> {
  await host?.api.close();
  if (host) rmSync(host.dataDir, { recursive: true, force: true });
}

let host: ResetHost;
let shortLived: ResetHost;
let smtpServer: SmtpCatcher;
let viaSmtp: ResetHost;

beforeAll(async () => {
  smtpServer = await startSmtpCatcher();
  [host, shortLived, viaSmtp] = await Promise.all([
    startResetHost(),
    startResetHost({ tokenLifetimeMs: 300 }),
    startResetHost({ smtpUrl: smtpServer.url }),
  ]);
});

afterAll(async () => {
  await Promise.all([stopResetHost(host), stopResetHost(shortLived), stopResetHost(viaSmtp)]);
  await smtpServer?.close();
});

// Each test asks from its own loopback address: the reset throttle counts per client address.
let clientNumber = 0;
function newClient(): string {
  clientNumber += 1;
  return `127.0.${2 + Math.floor(clientNumber / 250)}.${(clientNumber % 250) + 1}`;
}

function outbox(on: ResetHost): OutboxMessage[] {
  const directory = path.join(on.dataDir, 'outbox');
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(directory, name);
      return { file, ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<OutboxMessage, 'file'>) };
    });
}

const resetSubject = 'Reset your Kerbside password';

/** The reset mails to `email` (registering also mails the address a confirmation link). */
const mailTo = (on: ResetHost, email: string) =>
  outbox(on).filter(
    (message) => message.to.some((to) => to.address === email) && message.subject === resetSubject,
  );

/** The mail leaves after the answer: waits for the count of messages to this address to reach n. */
async function nthMailTo(on: ResetHost, email: string, n = 1): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = mailTo(on, email)[n - 1];
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`No mail number ${n} to ${email} in the outbox.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const linkPattern =
  /^http:\/\/localhost:8080\/reset-password\?uid=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43}$/m;

async function smtpMailTo(email: string): Promise<CaughtMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtpServer.mails.find(
      (caught) => caught.recipients.includes(email) && caught.subject === resetSubject,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`The SMTP server received no mail to ${email}.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function resetLinkIn(message: { text: string }): { uid: string; token: string } {
  const [link] = linkPattern.exec(message.text) ?? [];
  if (!link) throw new Error(`No reset link in: ${message.text}`);
  const query = new URL(link).searchParams;
  return { uid: query.get('uid') ?? '', token: query.get('token') ?? '' };
}

async function registeredResident(on: ResetHost = host, overrides: Record<string, unknown> = {}) {
  const details = registration(inviteCode, overrides);
  const response = await call(`${on.api.url}/api/v1/auth/register/`, 'POST', { body: details });
  expect(response.status).toBe(201);
  return details;
}

const requestReset = (email: string, from = newClient(), on: ResetHost = host) =>
  call(`${on.api.url}/api/v1/auth/password-reset/`, 'POST', { body: { email }, from });

const confirmReset = (body: unknown, from = newClient(), on: ResetHost = host) =>
  call(`${on.api.url}/api/v1/auth/password-reset-confirm/`, 'POST', { body, from });

const login = (email: string, password: string) =>
  call(`${host.api.url}/api/v1/auth/login/`, 'POST', {
    body: { email, password },
    from: newClient(),
  });

/** A resident and the link of the reset they asked for. */
async function residentWithResetLink(on: ResetHost = host) {
  const resident = await registeredResident(on);
  await requestReset(resident.email, newClient(), on);
  return { resident, link: resetLinkIn(await nthMailTo(on, resident.email)) };
}

const invalidLink = { detail: 'Invalid or expired reset link.' };

describe('POST /api/v1/auth/password-reset/', () => {
  it('answers a registered and an unknown e-mail alike, and mails only the registered one', async () => {
    const resident = await registeredResident();
    const stranger = uniqueEmail('stranger');

    const forStranger = await requestReset(stranger);
    const forResident = await requestReset(resident.email);

    const answer = { detail: 'If the email is registered, a reset link has been sent.' };
    expect(forResident.status).toBe(200);
    expect(forResident.body).toEqual(answer);
    expect(forStranger.status).toBe(200);
    expect(forStranger.body).toEqual(answer);
    expect(forStranger.headers['content-length']).toBe(forResident.headers['content-length']);
    const message = await nthMailTo(host, resident.email);
    expect(mailTo(host, stranger)).toEqual([]);
    expect(message).toMatchObject({
      from: { address: 'no-reply@kerbside.test', name: 'Kerbside' },
      to: [{ address: resident.email, name: '' }],
      subject: 'Reset your Kerbside password',
    });
    // No name: whoever registered may not own the address (issue 34).
    expect(message.text).toMatch(/^Hello,$/m);
    expect(message.text).toMatch(
      /^The link works once, until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(UK time\)\.$/m,
    );
    expect(path.basename(message.file)).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f-]{36}\.json$/,
    );
  });

  it('logs each outbox message with its link (emulator mode)', async () => {
    const { resident, link } = await residentWithResetLink();

    // Registering also logged the address confirmation mail; this is about the reset mail. The
    // mailer logs a message once it is in the outbox, a moment after its file appears there.
    const loggedForResident = await eventually(async () => {
      const logged = host.log
        .entries()
        .filter((entry) => entry.to === resident.email && entry.subject === resetSubject);
      return logged.length > 0 ? logged : undefined;
    });

    expect(loggedForResident).toHaveLength(1);
    expect(loggedForResident[0]!.links).toEqual([
      `${webOrigin}/reset-password?uid=${link.uid}&token=${link.token}`,
    ]);
  });

  it('finds the resident whatever the case of the e-mail', async () => {
    const resident = await registeredResident();

    await requestReset(`  ${resident.email.toUpperCase()} `);

    expect((await nthMailTo(host, resident.email)).to).toEqual([
      { address: resident.email, name: '' },
    ]);
  });

  it('sends a disabled resident no mail, and their earlier link stops working', async () => {
    const { resident, link } = await residentWithResetLink();
    await dispatchAdminCommand(
      { dataDir: host.dataDir },
      { command: 'user.disable', email: resident.email },
    );

    const response = await requestReset(resident.email);
    const confirmation = await confirmReset({ ...link, password: 'Reset-Password-7' });

    expect(response.body).toEqual({
      detail: 'If the email is registered, a reset link has been sent.',
    });
    expect(mailTo(host, resident.email)).toHaveLength(1);
    expect(confirmation.body).toEqual(invalidLink);
  });

  it('sends the mail over SMTP when an SMTP URL is configured, and keeps no outbox', async () => {
    const resident = await registeredResident(viaSmtp);

    await requestReset(resident.email, newClient(), viaSmtp);
    const mail = await smtpMailTo(resident.email);

    expect(mail.from).toBe('no-reply@kerbside.test');
    expect(mail.subject).toBe('Reset your Kerbside password');
    expect(existsSync(path.join(viaSmtp.dataDir, 'outbox'))).toBe(false);
    expect(viaSmtp.log.text()).not.toContain('Mail saved to the outbox');
    const link = resetLinkIn(mail);
    const confirmation = await confirmReset(
      { ...link, password: 'Reset-Password-7' },
      newClient(),
      viaSmtp,
    );
    expect(confirmation.status).toBe(200);
  });

  it('names nobody over SMTP, not even a resident whose name they typed with accents', async () => {
    const resident = await registeredResident(viaSmtp, { first_name: 'Zoë Ó Dálaigh' });

    await requestReset(resident.email, newClient(), viaSmtp);
    const mail = await smtpMailTo(resident.email);

    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('Zoë');
    expect(mail.text).toContain(
      'Someone asked to reset the password of your Kerbside account. To choose a new password, open this link:',
    );
    expect(resetLinkIn(mail).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses what is not an e-mail address, registered or not', async () => {
    const response = await requestReset('not-an-email');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('answers 429 after ten requests from one client, whatever the e-mails', async () => {
    const resident = await registeredResident();
    const busyClient = newClient();
    for (let request = 0; request < 10; request += 1) {
      const email = request % 2 === 0 ? uniqueEmail('stranger') : resident.email;
      expect((await requestReset(email, busyClient)).status).toBe(200);
    }

    const blocked = await requestReset(uniqueEmail('stranger'), busyClient);
    const otherClient = await requestReset(uniqueEmail('stranger'));

    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      detail: expect.stringMatching(
        /^Too many password reset attempts\. Try again in \d+ seconds\.$/,
      ),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(otherClient.status).toBe(200);
  });

  it('after five requests for one e-mail, refuses an address that asks again, but not a fresh one', async () => {
    const resident = await registeredResident();
    const askers = [newClient(), newClient(), newClient()];
    for (let request = 0; request < 5; request += 1) {
      expect((await requestReset(resident.email, askers[request % 3]!)).status).toBe(200);
    }
    const again = await requestReset(resident.email, askers[0]!);
    const fresh = await requestReset(resident.email, newClient());

    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(fresh.status).toBe(200);
    // Five mails for the first five requests, the sixth for the fresh address.
    await nthMailTo(host, resident.email, 6);
  });
});

describe('POST /api/v1/auth/password-reset/, its mail prepared after the answer', () => {
  const resetHost = testDatabaseAndApi();

  it('answers a registered e-mail as an unknown one, even when its mail cannot be prepared', async () => {
    const details = registration(await createInvite(resetHost.db, { uses: 1 }));
    const registered = await call(`${resetHost.api.url}/api/v1/auth/register/`, 'POST', {
      body: details,
      from: newClient(),
    });
    expect(registered.status).toBe(201);
    // The mail's record (the account's hourly limit) cannot be written: only the mail fails.
    await resetHost.db.execute(sql`ALTER TABLE account_mails RENAME TO account_mails_away`);
    try {
      const answer = await call(`${resetHost.api.url}/api/v1/auth/password-reset/`, 'POST', {
        body: { email: details.email },
        from: newClient(),
      });

      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        detail: 'If the email is registered, a reset link has been sent.',
      });
    } finally {
      await resetHost.db.execute(sql`ALTER TABLE account_mails_away RENAME TO account_mails`);
    }
  });
});

describe('POST /api/v1/auth/password-reset-confirm/', () => {
  it("sets the password from the mailed link's uid and token: the new one signs in, the old one not", async () => {
    const { resident, link } = await residentWithResetLink();

    const response = await confirmReset({ ...link, password: 'Reset-Password-7' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: 'Password has been reset with the new password.' });
    const signedIn = await login(resident.email, 'Reset-Password-7');
    expect(signedIn.status).toBe(200);
    expect(await signInWithCustomToken(customTokenOf(signedIn.body))).toEqual(expect.any(String));
    expect((await login(resident.email, strongPassword)).status).toBe(401);
  });

  it('ends every session begun before the reset, even one renewed since', async () => {
    const resident = await registeredResident();
    const before = await startIdentitySession(
      customTokenOf((await login(resident.email, strongPassword)).body),
    );
    await requestReset(resident.email);
    const link = resetLinkIn(await nthMailTo(host, resident.email));

    await confirmReset({ ...link, password: 'Reset-Password-7' });

    const profileWith = (idToken: string) =>
      call(`${host.api.url}/api/v1/auth/profile/`, 'GET', {
        headers: { authorization: `Bearer ${idToken}` },
      });
    expect((await profileWith(before.idToken)).status).toBe(401);
    expect((await profileWith(await refreshIdToken(before.refreshToken))).status).toBe(401);
    const after = await login(resident.email, 'Reset-Password-7');
    expect((await profileWith(await signInWithCustomToken(customTokenOf(after.body)))).status).toBe(
      200,
    );
  });

  it('accepts a link once', async () => {
    const { resident, link } = await residentWithResetLink();
    await confirmReset({ ...link, password: 'Reset-Password-7' });

    const reused = await confirmReset({ ...link, password: 'Another-Password-8' });

    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(invalidLink);
    expect((await login(resident.email, 'Reset-Password-7')).status).toBe(200);
    expect((await login(resident.email, 'Another-Password-8')).status).toBe(401);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const { link } = await residentWithResetLink();

    const responses = await Promise.all([
      confirmReset({ ...link, password: 'Reset-Password-7' }),
      confirmReset({ ...link, password: 'Another-Password-8' }),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link', async () => {
    const { resident, link } = await residentWithResetLink(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 600));

    const response = await confirmReset(
      { ...link, password: 'Reset-Password-7' },
      newClient(),
      shortLived,
    );

    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidLink);
    const oldPassword = await call(`${shortLived.api.url}/api/v1/auth/login/`, 'POST', {
      body: { email: resident.email, password: strongPassword },
    });
    expect(oldPassword.status).toBe(200);
  });

  it('refuses a tampered token, a token with another uid and a uid that is no id, and the link still works', async () => {
    const { link } = await residentWithResetLink();
    const other = await residentWithResetLink();
    const lastCharacter = link.token.endsWith('A') ? 'B' : 'A';
    const tampered = `${link.token.slice(0, -1)}${lastCharacter}`;

    const attempts = await Promise.all([
      confirmReset({ uid: link.uid, token: tampered, password: 'Reset-Password-7' }),
      confirmReset({ uid: other.link.uid, token: link.token, password: 'Reset-Password-7' }),
      confirmReset({ uid: 'MQ', token: link.token, password: 'Reset-Password-7' }),
    ]);

    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toEqual(invalidLink);
    }
    expect((await login(other.resident.email, strongPassword)).status).toBe(200);
    expect((await confirmReset({ ...link, password: 'Reset-Password-7' })).status).toBe(200);
  });

  it('counts refused links against the resident whatever the case of the uid, and gives a good one back', async () => {
    const { link } = await residentWithResetLink();
    const guesser = newClient();
    const guess = (uid: string) =>
      confirmReset({ uid, token: 'guess', password: 'Reset-Password-7' }, guesser);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await guess(link.uid.toUpperCase())).status).toBe(400);
    }
    // The good link, its uid upper-cased, from elsewhere: counted, then given back.
    const reset = await confirmReset({
      uid: link.uid.toUpperCase(),
      token: link.token,
      password: 'Reset-Password-7',
    });
    expect(reset.status).toBe(200);

    // The fifth refusal is within the limit; the sixth is over it.
    expect((await guess(link.uid)).status).toBe(400);
    const again = await guess(link.uid);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lists the rules a weak password breaks and leaves the link usable', async () => {
    const { resident, link } = await residentWithResetLink();

    const weak = await confirmReset({ ...link, password: 'NoDigitsHere' });
    const strong = await confirmReset({ ...link, password: 'Reset-Password-7' });

    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ password: ['The password must contain at least one digit.'] });
    expect(strong.status).toBe(200);
    expect((await login(resident.email, 'Reset-Password-7')).status).toBe(200);
  });

  it('names the missing fields', async () => {
    const response = await confirmReset({});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      uid: ['This field is required.'],
      token: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it("voids the resident's other links once one is used", async () => {
    const resident = await registeredResident();
    await requestReset(resident.email);
    const first = resetLinkIn(await nthMailTo(host, resident.email, 1));
    await requestReset(resident.email);
    const second = resetLinkIn(await nthMailTo(host, resident.email, 2));

    expect((await confirmReset({ ...second, password: 'Reset-Password-7' })).status).toBe(200);
    const older = await confirmReset({ ...first, password: 'Another-Password-8' });

    expect(older.status).toBe(400);
    expect(older.body).toEqual(invalidLink);
  });

  it('voids outstanding links when the resident changes the password while signed in', async () => {
    const { resident, link } = await residentWithResetLink();
    const signedIn = await login(resident.email, strongPassword);
    const idToken = await signInWithCustomToken(customTokenOf(signedIn.body));
    const change = await call(`${host.api.url}/api/v1/auth/change-password/`, 'POST', {
      body: { current_password: strongPassword, new_password: 'Changed-Password-9' },
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(change.status).toBe(200);

    const response = await confirmReset({ ...link, password: 'Reset-Password-7' });

    expect(response.body).toEqual(invalidLink);
    expect((await login(resident.email, 'Changed-Password-9')).status).toBe(200);
  });
});
