import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { startApi, type RunningApi } from '../../server/start-api';
import { captureLog, type CapturedLog } from './support/captured-log';
import { temporaryDataDir } from './support/test-database';
import { call, emulatorHost, projectId, webOrigin } from './support/test-api';

jest.setTimeout(60_000);

const resetLink = /\/reset-password\?uid=[0-9a-f-]{36}&token=/;

interface OutboxHost {
  api: RunningApi;
  dataDir: string;
  log: CapturedLog;
}

async function startOutboxHost(mode: 'emulator' | 'verified'): Promise<OutboxHost> {
  const dataDir = temporaryDataDir();
  const log = captureLog();
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  // Outside emulator mode there is no FIREBASE_AUTH_EMULATOR_HOST; a reset request needs no token.
  if (mode === 'verified') delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    const api = await startApi({
      port: 0,
      dataDir,
      webOrigin,
      authEmulatorHost: mode === 'emulator' ? emulatorHost() : undefined,
      projectId: mode === 'emulator' ? projectId() : 'kerbside-council',
      reconciler: false,
      seedDemo: {},
      passwordReset: { smtpUrl: undefined },
      logger: log.logger,
    });
    return { api, dataDir, log };
  } finally {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  }
}

async function requestResetMail(host: OutboxHost): Promise<string> {
  const answer = await call(`${host.api.url}/api/v1/auth/password-reset/`, 'POST', {
    body: { email: host.api.demo!.email },
  });
  expect(answer.status).toBe(200);
  const outbox = path.join(host.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.json')) : [];
    if (files[0] && host.log.text().includes('Mail saved')) return path.join(outbox, files[0]);
    if (Date.now() > deadline) throw new Error('No reset mail reached the outbox.');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const hosts: OutboxHost[] = [];
afterAll(async () => {
  for (const host of hosts) {
    await host.api.close();
    rmSync(host.dataDir, { recursive: true, force: true });
  }
});

describe('the mail outbox (no SMTP_URL)', () => {
  it('keeps each message in a file only its owner can read, in a directory only its owner can open', async () => {
    const host = await startOutboxHost('emulator');
    hosts.push(host);

    const file = await requestResetMail(host);

    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(resetLink);
  });

  it('logs the reset link in emulator mode, for local development', async () => {
    const host = hosts[0]!;

    expect(host.log.text()).toMatch(resetLink);
  });

  it('outside emulator mode logs the file but never the link, the text or the recipient', async () => {
    const host = await startOutboxHost('verified');
    hosts.push(host);

    const file = await requestResetMail(host);

    expect(readFileSync(file, 'utf8')).toMatch(resetLink);
    const logged = host.log.entries().filter((entry) => entry.msg === 'Mail saved to the outbox');
    expect(logged).toEqual([
      expect.objectContaining({ subject: 'Reset your Kerbside password', file }),
    ]);
    expect(host.log.text()).not.toMatch(resetLink);
    expect(host.log.text()).not.toContain(host.api.demo!.email);
  });
});
