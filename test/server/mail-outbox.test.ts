import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startOutboxHost, waitForOutboxMail, type OutboxHost } from './support/outbox-host';
import { call } from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

const resetLink = /\/reset-password\?uid=[0-9a-f-]{36}&token=/;

async function requestResetMail(host: OutboxHost): Promise<string> {
  const answer = await call(`${host.api.url}/api/v1/auth/password-reset/`, 'POST', {
    body: { email: host.api.demo!.email },
  });
  expect(answer.status).toBe(200);
  return (await waitForOutboxMail(host)).file;
}

const hosts: OutboxHost[] = [];
afterAll(async () => {
  for (const host of hosts) await host.close();
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
