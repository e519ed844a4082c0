import { createServer, type Server } from 'node:http';
import { runConformance, type ConformanceCheck } from '../../scripts/conformance/conformance';
import { AttemptThrottle } from '../../server/auth/attempt-throttle';
import { siteSettingsStore } from '../../server/site-settings/site-settings-store';
import { specCalls } from './support/spec-calls';
import { testDatabaseAndApi } from './support/database-and-api';
import { createInvite, emulatorHost } from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

// Each run is refused twice on a link from 127.0.0.1 (the pass sent again, then withdrawn): this
// file's runs together pass the limit a visitor's address has (server/auth/attempt-throttle.ts).
const host = testDatabaseAndApi({
  throttles: {
    visitorPassAddress: new AttemptThrottle({
      name: 'visitor-pass-address',
      limit: 1000,
      windowMs: 60_000,
    }),
  },
});

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
 * back (by the request's path), and `readAs` a request with other headers on its way there.
 */
async function proxiedHost(
  upstream: string,
  rewrite: (path: string, answer: ProxiedAnswer, method: string) => ProxiedAnswer | 'no answer',
  readAs: (path: string, headers: Record<string, string>) => Record<string, string> = (_, h) => h,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(`${upstream}${request.url ?? '/'}`, {
          method: request.method,
          headers: readAs(
            request.url ?? '/',
            Object.fromEntries(
              Object.entries(request.headers).filter(
                (entry): entry is [string, string] =>
                  typeof entry[1] === 'string' && entry[0] !== 'host',
              ),
            ),
          ),
          body,
        });
        const rewritten = rewrite(
          request.url ?? '/',
          { status: answer.status, text: await answer.text() },
          request.method ?? 'GET',
        );
        if (rewritten === 'no answer') return;
        const { status, text } = rewritten;
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
    inviteCode: await createInvite(host.db, { uses: 2 }),
    identity: { emulatorHost: emulatorHost() },
  });

  expect(failuresOf(checks)).toEqual([]);
  // Every call of docs/contract.md §7 is walked.
  const calls = new Set(checks.map((check) => check.call.replace(/\?.*$/, '')));
  expect([...calls]).toEqual(expect.arrayContaining([...specCalls]));
});

/**
 * The suite's checks against the reference host behind a proxy that may `rewrite` answers and
 * `readAs` requests (see `proxiedHost`), waiting `timeoutMs` for each answer.
 */
async function checksThrough(
  rewrite: Parameters<typeof proxiedHost>[1],
  readAs?: Parameters<typeof proxiedHost>[2],
  timeoutMs?: number,
): Promise<ConformanceCheck[]> {
  const { url, server } = await proxiedHost(host.api.url, rewrite, readAs);
  try {
    return await runConformance({
      baseUrl: url,
      inviteCode: await createInvite(host.db, { uses: 2 }),
      identity: { emulatorHost: emulatorHost() },
      timeoutMs,
    });
  } finally {
    // Requests the proxy never answered are held open until closed here.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('a host that answers one field wrongly fails the suite, which names the call and the field', async () => {
  // The cap info's `permits_used` turned into a string.
  const checks = await checksThrough((path, answer) => {
    if (path !== '/api/v1/permits/permit_cap_info/' || answer.status !== 200) return answer;
    const info = JSON.parse(answer.text) as Record<string, unknown>;
    return {
      ...answer,
      text: JSON.stringify({ ...info, permits_used: String(info.permits_used) }),
    };
  });

  expect(failuresOf(checks)).toEqual([
    expect.objectContaining({
      call: 'GET /api/v1/permits/permit_cap_info/',
      problem: expect.stringContaining('permits_used'),
    }),
  ]);
});

test('a host that answers a permit change made with 204 and no body passes, as the app reads it', async () => {
  const checks = await checksThrough((path, answer) =>
    /\/(activate|cancel|full_update)\/$/.test(path) && answer.status === 200
      ? { status: 204, text: '' }
      : answer,
  );

  expect(failuresOf(checks)).toEqual([]);
  const changes = checks.filter((check) => /activate|cancel|full_update/.test(check.call));
  expect(changes.length).toBeGreaterThanOrEqual(3);
});

const permitChange = /^\/api\/v1\/permits\/\d+\/(activate|cancel|full_update)\/$/;

test('a host that lets a resident change permits not theirs fails, on each call, and for the permit changed', async () => {
  // Every change of a permit made as the first resident, who created permits: the host then
  // takes the second resident's tries too.
  let creator: string | undefined;
  const checks = await checksThrough(
    (_, answer) => answer,
    (path, headers) => {
      if (path === '/api/v1/permits/' && headers.authorization) creator ??= headers.authorization;
      return permitChange.test(path) && creator && headers.authorization
        ? { ...headers, authorization: creator }
        : headers;
    },
  );

  const failed = failuresOf(checks);
  expect(
    failed.filter((check) => check.check === 'answers 404 to another resident').map((c) => c.call),
  ).toEqual([
    'POST /api/v1/permits/{id}/activate/',
    'POST /api/v1/permits/{id}/cancel/',
    'PATCH /api/v1/permits/{id}/full_update/',
  ]);
  expect(failed).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        call: 'GET /api/v1/permits/',
        check: 'keeps the permit as it was after another resident’s tries',
      }),
    ]),
  );
});

test('a host that refuses every cancel fails, though its refusal has the contract’s shape', async () => {
  const checks = await checksThrough((path, answer) =>
    /\/cancel\/$/.test(path) && answer.status === 200
      ? { status: 400, text: JSON.stringify({ detail: 'Not now.' }) }
      : answer,
  );

  expect(failuresOf(checks)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        call: 'POST /api/v1/permits/{id}/cancel/',
        check: 'cancels the permit',
        problem: expect.stringContaining('answered 400, expected a 2xx'),
      }),
    ]),
  );
});

test('a host that answers 403 to a request without a token fails: the app acts on 401 only', async () => {
  const checks = await checksThrough((_, answer) =>
    answer.status === 401 ? { ...answer, status: 403 } : answer,
  );

  const unauthenticated = failuresOf(checks).filter((check) => check.check.endsWith('(401)'));
  expect(unauthenticated.map((check) => check.call)).toEqual([
    'GET /api/v1/auth/profile/',
    'GET /api/v1/permits/',
    'GET /api/v1/permits/permit_cap_info/',
    'POST /api/v1/permits/',
    'POST /api/v1/permits/{id}/activate/',
    'POST /api/v1/permits/{id}/cancel/',
    'PATCH /api/v1/permits/{id}/full_update/',
    'POST /api/v1/auth/change-password/',
    'GET /api/v1/me/email-preferences/',
    'PUT /api/v1/me/email-preferences/',
    'GET /api/v1/me/language/',
    'PUT /api/v1/me/language/',
    'GET /api/v1/me/email-verification/',
    'POST /api/v1/me/email-verification/',
    'GET /api/v1/visitor-passes/',
    'POST /api/v1/visitor-passes/',
  ]);
  expect(
    unauthenticated.every((check) => check.problem?.startsWith('answered 403, expected 401')),
  ).toBe(true);
});

test('a host without visitor passes that answers 405 passes: the capability is absent', async () => {
  const checks = await checksThrough((path, answer) =>
    path.startsWith('/api/v1/visitor-passes/') ? { status: 405, text: '' } : answer,
  );

  expect(failuresOf(checks)).toEqual([]);
  expect(checks).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        call: 'GET /api/v1/visitor-passes/',
        check: 'is absent (optional, 405)',
      }),
    ]),
  );
  expect(checks.filter((check) => check.call.includes('visitor-passes/{id}'))).toEqual([]);
});

test('a failure never prints a token, such as the custom token that signs the resident in', async () => {
  // Sign-in answered 202 rather than 200, so the suite prints the answer's body.
  const checks = await checksThrough((path, answer) =>
    path === '/api/v1/auth/login/' && answer.status === 200 ? { ...answer, status: 202 } : answer,
  );

  const failed = failuresOf(checks).find((check) => check.check === 'signs a resident in');
  expect(failed?.problem).toMatch(/^answered 202, expected 200: /);
  expect(failed?.problem).toContain('"custom_token":"(left out)"');
});

test('a host that books again when a booking is sent again under its key fails', async () => {
  // Every booking answered as a new one (201), the second send under the same key included.
  const checks = await checksThrough((path, answer) =>
    /\/visit\/[^/]+\/book\/$/.test(path) && answer.status === 200
      ? { ...answer, status: 201 }
      : answer,
  );

  expect(failuresOf(checks)).toEqual([
    expect.objectContaining({
      call: 'POST /api/v1/visitor-passes/visit/{token}/book/',
      check: 'answers a booking sent again under its booking_key with that booking (optional)',
      problem: expect.stringMatching(/^answered 201, expected 200/),
    }),
  ]);
});

test('a host whose list still shows a cancelled permit as live fails', async () => {
  const checks = await checksThrough((path, answer) =>
    path.startsWith('/api/v1/permits/?') && answer.status === 200
      ? { ...answer, text: answer.text.replace(/"CANCEL(LED|_PENDING)"/g, '"ACTIVE"') }
      : answer,
  );

  expect(failuresOf(checks)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        call: 'GET /api/v1/permits/',
        check: 'shows the permit cancelled as CANCEL_PENDING or CANCELLED',
        problem: 'its status is ACTIVE',
      }),
    ]),
  );
});

test('a host that answers a booking sent again with another booking fails', async () => {
  const checks = await checksThrough((path, answer) =>
    /\/visit\/[^/]+\/book\/$/.test(path) && answer.status === 200
      ? { ...answer, text: JSON.stringify({ ...JSON.parse(answer.text), reference_no: 'OTHER1' }) }
      : answer,
  );

  expect(failuresOf(checks)).toEqual([
    expect.objectContaining({
      call: 'POST /api/v1/visitor-passes/visit/{token}/book/',
      check: 'books once for one booking_key',
    }),
  ]);
});

test('refusals that say nothing, or only that the host stopped listening, fail', async () => {
  const checks = await checksThrough((path, answer) => {
    if (path === '/api/v1/auth/register/' && answer.status === 400)
      return { ...answer, text: '{}' };
    if (path === '/api/v1/auth/password-reset/' && answer.status === 400)
      return { ...answer, status: 429 };
    return answer;
  });

  const problems = (call: string) =>
    failuresOf(checks)
      .filter((check) => check.call === call)
      .map((check) => check.problem);
  expect(problems('POST /api/v1/auth/register/')).toEqual(
    expect.arrayContaining([expect.stringContaining('neither field errors nor a detail')]),
  );
  expect(problems('POST /api/v1/auth/password-reset/')).toEqual(
    expect.arrayContaining(['answered 429: throttled, the input was not judged']),
  );
});

test('a host that does not keep a resident’s language or e-mail choices fails', async () => {
  // Each PUT answered as asked, but each GET still the default.
  const checks = await checksThrough((path, answer, method) => {
    if (method !== 'GET' || answer.status !== 200) return answer;
    if (path === '/api/v1/me/language/') return { ...answer, text: '{"language":"en"}' };
    if (path === '/api/v1/me/email-preferences/') {
      return { ...answer, text: '{"confirmations":true,"reminders":true}' };
    }
    return answer;
  });

  expect(failuresOf(checks)).toEqual([
    expect.objectContaining({
      call: 'GET /api/v1/me/email-preferences/',
      check: 'keeps the e-mail preferences as changed',
    }),
    expect.objectContaining({
      call: 'GET /api/v1/me/language/',
      check: 'keeps the language as changed',
    }),
  ]);
});

test('a host that never answers a call fails that call, and the suite goes on to the end', async () => {
  // Long enough for every other call on a busy machine: the token exchange waits as long.
  const timeoutSeconds = 5;
  const checks = await checksThrough(
    (path, answer, method) =>
      method === 'POST' && path === '/api/v1/me/email-verification/' ? 'no answer' : answer,
    undefined,
    timeoutSeconds * 1000,
  );

  expect(failuresOf(checks)).toEqual([
    expect.objectContaining({
      call: 'POST /api/v1/me/email-verification/',
      check: 'mails the confirmation link again (optional)',
      problem: `no answer within ${timeoutSeconds} s, expected 200 or 202: (no body)`,
    }),
    expect.objectContaining({
      call: 'POST /api/v1/me/email-verification/',
      check: 'refuses a request without a token (401)',
      problem: `no answer within ${timeoutSeconds} s, expected 401: (no body)`,
    }),
  ]);
  expect(checks.at(-1)).toEqual(expect.objectContaining({ check: 'changes the password' }));
});

test('a host that fails on bad input to a live permit’s update fails, though it refuses a cancelled one’s', async () => {
  // The host refuses a cancelled permit's update before it reads the body, and fails (500) on
  // the bad body of a live one's.
  const cancelled = new Set<string>();
  const checks = await checksThrough((path, answer, method) => {
    const [, id, action] = /^\/api\/v1\/permits\/(\d+)\/(\w+)\/$/.exec(path) ?? [];
    if (method === 'POST' && action === 'cancel' && answer.status === 200) cancelled.add(id ?? '');
    return action === 'full_update' && answer.status === 400 && !cancelled.has(id ?? '')
      ? { status: 500, text: '{"detail":"Server error."}' }
      : answer;
  });

  const failed = failuresOf(checks);
  expect(failed.map((check) => check.check)).toEqual([
    'refuses numbers for texts',
    'refuses oversized texts',
    'refuses a list, not an object',
    'refuses broken JSON',
  ]);
  expect(
    failed.every(
      (check) =>
        check.call === 'PATCH /api/v1/permits/{id}/full_update/' &&
        check.problem?.startsWith('answered 500, expected a 4xx refusal'),
    ),
  ).toBe(true);
});
