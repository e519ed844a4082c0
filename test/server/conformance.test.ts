import { createServer, type Server } from 'node:http';
import { runConformance, type ConformanceCheck } from '../../scripts/conformance/conformance';
import { siteSettingsStore } from '../../server/site-settings/site-settings-store';
import { specCalls } from './support/spec-calls';
import { testDatabaseAndApi } from './support/database-and-api';
import { createInvite, emulatorHost } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

const host = testDatabaseAndApi();

beforeAll(async () => {
  // Scheduling on, so that activation is walked too.
  await siteSettingsStore.update(host.db, {
    can_schedule_permits: true,
    can_add_reference: true,
  });
});

const failuresOf = (checks: ConformanceCheck[]) => checks.filter((check) => !check.passed);

interface ProxiedAnswer {
  status: number;
  text: string;
}

/**
 * A council's host: the reference host behind a proxy that may `rewrite` an answer on its way
 * back (by the request's path).
 */
async function proxiedHost(
  upstream: string,
  rewrite: (path: string, answer: ProxiedAnswer) => ProxiedAnswer,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(`${upstream}${request.url ?? '/'}`, {
          method: request.method,
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(
              (entry): entry is [string, string] =>
                typeof entry[1] === 'string' && entry[0] !== 'host',
            ),
          ),
          body,
        });
        const { status, text } = rewrite(request.url ?? '/', {
          status: answer.status,
          text: await answer.text(),
        });
        response.writeHead(status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        response.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No TCP address.');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

test('the reference host passes every check of the conformance suite', async () => {
  const checks = await runConformance({
    baseUrl: host.api.url,
    inviteCode: await createInvite(host.db, { uses: 1 }),
    identity: { emulatorHost: emulatorHost() },
  });

  expect(failuresOf(checks)).toEqual([]);
  // Every call of docs/contract.md §7 is walked.
  const calls = new Set(checks.map((check) => check.call.replace(/\?.*$/, '')));
  expect([...calls]).toEqual(expect.arrayContaining([...specCalls]));
});

test('a host that answers one field wrongly fails the suite, which names the call and the field', async () => {
  // The cap info's `permits_used` turned into a string.
  const { url, server } = await proxiedHost(host.api.url, (path, answer) => {
    if (path !== '/api/v1/permits/permit_cap_info/' || answer.status !== 200) return answer;
    const info = JSON.parse(answer.text) as Record<string, unknown>;
    return {
      ...answer,
      text: JSON.stringify({ ...info, permits_used: String(info.permits_used) }),
    };
  });
  try {
    const checks = await runConformance({
      baseUrl: url,
      inviteCode: await createInvite(host.db, { uses: 1 }),
      identity: { emulatorHost: emulatorHost() },
    });

    expect(failuresOf(checks)).toEqual([
      expect.objectContaining({
        call: 'GET /api/v1/permits/permit_cap_info/',
        problem: expect.stringContaining('permits_used'),
      }),
    ]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a host that answers a permit change made with 204 and no body passes, as the app reads it', async () => {
  const { url, server } = await proxiedHost(host.api.url, (path, answer) =>
    /\/(activate|cancel|full_update)\/$/.test(path) && answer.status === 200
      ? { status: 204, text: '' }
      : answer,
  );
  try {
    const checks = await runConformance({
      baseUrl: url,
      inviteCode: await createInvite(host.db, { uses: 1 }),
      identity: { emulatorHost: emulatorHost() },
    });

    expect(failuresOf(checks)).toEqual([]);
    const changes = checks.filter((check) => /activate|cancel|full_update/.test(check.call));
    expect(changes.length).toBeGreaterThanOrEqual(3);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
