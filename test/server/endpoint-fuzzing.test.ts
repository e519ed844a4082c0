import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { AttemptThrottle, type CredentialThrottles } from '../../server/auth/attempt-throttle';
import {
  inviteCodes,
  passwordResetTokens,
  permits,
  siteSettings,
  users,
  visitorPasses,
} from '../../server/db/schema';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';
import { permitOf, permitPayload, signedInPermitClient } from './support/permit-api';
import { bookingOf, createPass, visitor } from './support/visitor-pass-api';

jest.setTimeout(120_000);

// 250 generated inputs per endpoint in every run (2.5 times fast-check's default; 3,750 requests
// in all, each followed by a check of the stored state). A deeper search, for a change to
// validation, is one variable away: KERBSIDE_FUZZ_RUNS=5000 npx jest test/server/endpoint-fuzzing.
const runs = Number(process.env.KERBSIDE_FUZZ_RUNS) || 250;

// Limits no run reaches, so that a 429 never stands in for the answer under test.
function unreachableThrottles(): CredentialThrottles {
  const throttle = (name: string) =>
    new AttemptThrottle({ name, limit: 1_000_000_000, windowMs: 60_000 });
  return {
    loginAddress: throttle('login-address'),
    loginAccount: throttle('login-account'),
    registrationAddress: throttle('registration-address'),
    accountsCreatedAddress: throttle('accounts-created-address'),
    passwordChangeAccount: throttle('password-change-account'),
    passwordResetAddress: throttle('password-reset-address'),
    passwordResetAccount: throttle('password-reset-account'),
    emailPreferencesAccount: throttle('email-preferences-account'),
    languageAccount: throttle('language-account'),
    mailLinkAddress: throttle('mail-link-address'),
    visitorPassAddress: throttle('visitor-pass-address'),
    visitorPassToken: throttle('visitor-pass-token'),
  };
}

const host = testDatabaseAndApi({ throttles: unreachableThrottles() });
let authorization: string;
let permitId: number;
/** A pass of the resident's, ten uses, whose link the public calls are sent on. */
let passToken: string;
let passId: number;
let bookedReference: string;

beforeAll(async () => {
  const resident = await signedInPermitClient(host.api.url, host.db);
  authorization = `Bearer ${resident.idToken}`;
  permitId = permitOf(await resident.create(permitPayload({ end_ts: null }))).id;
  const pass = await createPass(resident, { uses: 10 });
  passToken = pass.token;
  passId = (await createPass(resident)).id;
  bookedReference = bookingOf(await visitor(host.api.url, passToken).book()).reference_no;
});

const storedTables = [
  users,
  inviteCodes,
  permits,
  passwordResetTokens,
  siteSettings,
  visitorPasses,
];

/**
 * Everything a request could change, as one string: per table its row count and an MD5 of all
 * its rows (each row's whole text, in a fixed order), so that any insert, delete or changed
 * column shows. One statement, hashed where the rows are, is cheap enough to run after every
 * one of the thousands of generated requests.
 */
async function storedState(): Promise<string> {
  const fingerprints = storedTables.map(
    (table) =>
      sql`(SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM ${table} AS t)`,
  );
  const result = (await host.db.execute(sql`SELECT ${sql.join(fingerprints, sql`, `)}`)) as {
    rows: unknown[];
  };
  return JSON.stringify(result.rows);
}

const two = (n: number) => String(n).padStart(2, '0');
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', 'null', '__proto__', 'Kerbside2024', 'a@b.c', '2030-01-01T10:00'),
  // A NUL (U+0000), which PostgreSQL's text cannot hold.
  fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}\u0000${after}`),
  // Dates and date-times around years 1 and 9999, with offsets real and impossible.
  fc
    .tuple(
      fc.constantFrom('0000', '0001', '2030', '9999'),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
      fc.option(
        fc.tuple(
          fc.integer({ min: 0, max: 23 }),
          fc.integer({ min: 0, max: 59 }),
          fc.option(
            fc.tuple(
              fc.constantFrom('+', '-'),
              fc.integer({ min: 0, max: 99 }),
              fc.integer({ min: 0, max: 99 }),
            ),
          ),
        ),
      ),
    )
    .map(([year, month, day, time]) => {
      const date = `${year}-${two(month)}-${two(day)}`;
      if (!time) return date;
      const [hour, minute, offset] = time;
      const zone = offset ? `${offset[0]}${two(offset[1])}:${two(offset[2])}` : '';
      return `${date}T${two(hour)}:${two(minute)}${zone}`;
    }),
);
const value = fc.oneof(text, fc.uuid(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const fieldsOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((name) => [name, value])), { requiredKeys: [] });

/** JSON bodies: anything at all, objects with the endpoint's field names, and broken JSON. */
function bodies(names: string[]) {
  return fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
    { weight: 3, arbitrary: fieldsOf(names).map((fields) => JSON.stringify(fields)) },
    { weight: 1, arbitrary: fc.string().map((raw) => `{${raw}`) },
  );
}

/**
 * Throws, naming the input, when an answer is a 5xx (or not `refusedWith`, where given) or a
 * refused input changed anything. An input's own `authorization` header, where it has one,
 * stands for the resident's.
 */
async function fuzz(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  inputs: fc.Arbitrary<{ url: string; body?: string; authorization?: string }>,
  options: { authenticated: boolean; refusedWith?: number },
): Promise<void> {
  let before = await storedState();
  await fc.assert(
    fc.asyncProperty(inputs, async ({ url, body, authorization: generated }) => {
      // Real HTTP: Fastify's inject (light-my-request) does not load under Jest's CommonJS.
      const response = await call(`${host.api.url}${url}`, method, {
        body,
        headers:
          generated !== undefined
            ? { authorization: generated }
            : options.authenticated
              ? { authorization }
              : {},
      });
      if (options.refusedWith === undefined) expect(response.status).toBeLessThan(500);
      else expect(response.status).toBe(options.refusedWith);
      const after = await storedState();
      if (response.status >= 400) expect(after).toBe(before);
      before = after;
    }),
    { numRuns: runs },
  );
}

const post = (url: string, names: string[]) => bodies(names).map((body) => ({ url, body }));

/** A detail route's id: the one that exists (read when the run starts), anything, any integer. */
const pathIds = (known: () => number) =>
  fc.oneof(
    fc.constant(() => String(known())),
    fc.string().map((raw) => () => encodeURIComponent(raw)),
    fc.integer().map((n) => () => String(n)),
  );

describe(`${runs} generated inputs per endpoint: 4xx or 2xx, never 5xx; a refusal changes nothing`, () => {
  it.each([
    [
      '/api/v1/auth/register/',
      ['email', 'first_name', 'last_name', 'password', 'invite_code'],
      false,
    ],
    ['/api/v1/auth/login/', ['email', 'password'], false],
    ['/api/v1/auth/logout/', ['refresh'], false],
    ['/api/v1/auth/password-reset/', ['email'], false],
    ['/api/v1/auth/password-reset-confirm/', ['uid', 'token', 'password'], false],
    ['/api/v1/auth/change-password/', ['current_password', 'new_password'], true],
    [
      '/api/v1/permits/',
      ['vrm', 'start_ts', 'end_ts', 'driver_name', 'reference', 'permit_type'],
      true,
    ],
  ])('POST %s', async (url, names, authenticated) => {
    await fuzz('POST', post(url, names), { authenticated });
  });

  it.each(['activate', 'cancel'])('POST /api/v1/permits/:id/%s/', async (action) => {
    await fuzz(
      'POST',
      fc
        .tuple(
          pathIds(() => permitId),
          bodies([]),
        )
        .map(([id, body]) => ({
          url: `/api/v1/permits/${id()}/${action}/`,
          body,
        })),
      { authenticated: true },
    );
  });

  it('PATCH /api/v1/permits/:id/full_update/', async () => {
    await fuzz(
      'PATCH',
      post(`/api/v1/permits/${permitId}/full_update/`, ['start_ts', 'end_ts', 'vrm']),
      { authenticated: true },
    );
  });

  it('PUT /api/v1/me/email-preferences/', async () => {
    await fuzz('PUT', post('/api/v1/me/email-preferences/', ['confirmations', 'reminders']), {
      authenticated: true,
    });
  });

  it('PUT /api/v1/me/language/', async () => {
    await fuzz('PUT', post('/api/v1/me/language/', ['language']), { authenticated: true });
  });

  it.each(['GET', 'POST'] as const)(
    '%s /api/v1/email-preferences/switch-off/ with generated links, unauthenticated',
    async (method) => {
      const field = fc.oneof(text, fc.uuid(), fc.constantFrom('confirmations', 'reminders'));
      const query = fc
        .record({ user: field, kind: field, token: field }, { requiredKeys: [] })
        .map((link) => ({
          url: `/api/v1/email-preferences/switch-off/?${new URLSearchParams(link).toString()}`,
        }));
      await fuzz(method, query, { authenticated: false });
    },
  );

  it.each(['GET', 'POST'] as const)(
    '%s /api/v1/email-verification/confirm/ with generated links, unauthenticated',
    async (method) => {
      const field = fc.oneof(text, fc.uuid(), fc.integer({ min: 0 }).map(String));
      const query = fc
        .record({ user: field, expires: field, token: field }, { requiredKeys: [] })
        .map((link) => ({
          url: `/api/v1/email-verification/confirm/?${new URLSearchParams(link).toString()}`,
        }));
      await fuzz(method, query, { authenticated: false });
    },
  );

  it('POST /api/v1/me/email-verification/', async () => {
    await fuzz('POST', post('/api/v1/me/email-verification/', ['email', 'verified']), {
      authenticated: true,
    });
  });

  it('POST /api/v1/visitor-passes/', async () => {
    await fuzz(
      'POST',
      post('/api/v1/visitor-passes/', [
        'name',
        'valid_from',
        'valid_until',
        'uses',
        'token',
        'create_key',
      ]),
      { authenticated: true },
    );
  });

  /** A link's token: the pass's own, one of its shape, or anything at all. */
  const tokens = fc.oneof(
    fc.constant(() => passToken),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((token) => () => token),
    fc.string({ maxLength: 90 }).map((raw) => () => encodeURIComponent(raw)),
  );

  it.each([false, true])(
    'GET /api/v1/visitor-passes/visit/:token/ with generated tokens (signed in: %s)',
    async (authenticated) => {
      await fuzz(
        'GET',
        tokens.map((token) => ({ url: `/api/v1/visitor-passes/visit/${token()}/` })),
        { authenticated },
      );
    },
  );

  it('POST /api/v1/visitor-passes/visit/:token/book/, unauthenticated', async () => {
    await fuzz(
      'POST',
      fc
        .tuple(
          fc.oneof({ weight: 4, arbitrary: fc.constant(() => passToken) }, tokens),
          bodies([
            'vrm',
            'make',
            'model',
            'colour',
            'start_ts',
            'end_ts',
            'receipt_email',
            'language',
            'booking_key',
          ]),
        )
        .map(([token, body]) => ({ url: `/api/v1/visitor-passes/visit/${token()}/book/`, body })),
      { authenticated: false },
    );
  });

  it('GET /api/v1/visitor-passes/visit/:token/bookings/:reference_no/, unauthenticated', async () => {
    const references = fc.oneof(
      fc.constant(bookedReference),
      fc.string({ maxLength: 90 }),
      fc.constantFrom('KS-AAAAAAAA', '%', '..', ' '),
    );
    await fuzz(
      'GET',
      fc.tuple(tokens, references).map(([token, reference]) => ({
        url: `/api/v1/visitor-passes/visit/${token()}/bookings/${encodeURIComponent(reference)}/`,
      })),
      { authenticated: false },
    );
  });

  // After the link's calls: a generated id may withdraw the pass whose link they use.
  it('POST /api/v1/visitor-passes/:id/withdraw/', async () => {
    await fuzz(
      'POST',
      fc
        .tuple(
          pathIds(() => passId),
          bodies([]),
        )
        .map(([id, body]) => ({
          url: `/api/v1/visitor-passes/${id()}/withdraw/`,
          body,
        })),
      { authenticated: true },
    );
  });

  it.each([
    '/api/v1/permits/',
    '/api/v1/permits/permit_cap_info/',
    '/api/v1/site-settings/',
    '/api/v1/visitor-passes/',
    '/api/v1/auth/profile/',
    '/api/v1/me/email-preferences/',
    '/api/v1/me/language/',
    '/api/v1/me/email-verification/',
    '/api/v1/openapi.json',
  ])('GET %s with generated query strings', async (path) => {
    const query = fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('page', 'status', 'search', 'ordering', 'start_date', 'end_date'),
            fc.string(),
          ),
          fc.oneof(text, fc.integer().map(String)),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => ({ url: `${path}?${new URLSearchParams(pairs).toString()}` }));
    await fuzz('GET', query, { authenticated: true });
  });

  it.each(['GET /api/v1/auth/profile/', 'POST /api/v1/permits/'])(
    '%s with generated Authorization headers',
    async (call) => {
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      // What a header may carry at all (Node's client refuses the rest before sending).
      const headers = fc
        .oneof(
          text,
          text.map((token) => `Bearer ${token}`),
          // Three dot-separated parts, as a JWT has, of anything.
          fc
            .tuple(text, text, text)
            .map(
              (parts) =>
                `Bearer ${parts.map((part) => Buffer.from(part).toString('base64url')).join('.')}`,
            ),
        )
        .filter((header) => /^[\t\x20-\x7e\x80-\xff]*$/.test(header));
      await fuzz(
        method,
        // A body the host can read, so that the header is what it judges (broken JSON is
        // refused with 400 before anyone is asked who sent it).
        headers.map((header) => ({
          url,
          body: method === 'GET' ? undefined : '{}',
          authorization: header,
        })),
        // None is a token the identity provider issued: each is refused, as no token is.
        { authenticated: false, refusedWith: 401 },
      );
    },
  );
});
