import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { permits } from '../../server/db/schema';
import { testDatabaseAndApi } from './support/database-and-api';
import { call, type JsonResponse } from '../../scripts/stack/test-api';
import {
  permitOf,
  permitPayload,
  signedInPermitClient,
  londonNow,
  type PermitBody,
  type PermitClient,
} from './support/permit-api';

jest.setTimeout(120_000);

const host = testDatabaseAndApi();
let resident: PermitClient;
let scheduled: PermitBody;
let active: PermitBody;

beforeAll(async () => {
  resident = await signedInPermitClient(host.api.url, host.db);
  scheduled = permitOf(
    await resident.create(permitPayload({ start_ts: londonNow({ days: 2 }), end_ts: null })),
  );
  active = permitOf(await resident.create(permitPayload()));
  await host.db.update(permits).set({ status: 'ACTIVE' }).where(eq(permits.id, active.id));
});

/** Every stored permit, to compare before and after: nothing may change. */
const snapshot = () => host.db.select().from(permits).orderBy(asc(permits.id));

/** `{"detail": "…"}`, or fields (non_field_errors included) each with a list of messages. */
function isDrfErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if (entries.length === 1 && entries[0]?.[0] === 'detail')
    return typeof entries[0][1] === 'string';
  return entries.every(
    ([, messages]) =>
      Array.isArray(messages) &&
      messages.length > 0 &&
      messages.every((message) => typeof message === 'string'),
  );
}

function expectRefusal(response: JsonResponse): void {
  if (![400, 404].includes(response.status) || !isDrfErrorBody(response.body)) {
    throw new Error(`Answered ${response.status} ${JSON.stringify(response.body)}`);
  }
}

const hugeString = fc.string({ minLength: 5_000, maxLength: 20_000 });
/** Date-times the API cannot read: free text, epoch seconds as strings, impossible dates. */
const malformedDate = fc.oneof(
  fc.string({ maxLength: 30 }).filter((text) => !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)),
  fc.integer({ min: 0, max: 4_000_000_000 }).map(String),
  fc.constantFrom('2027-02-30T10:00', '2027-13-01T10:00', '2027-06-01T25:00', '2027-06-01', ''),
  hugeString,
);
/** Text with a NUL (U+0000) in it, which PostgreSQL's text cannot hold. */
const withNul = fc
  .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([before, after]) => `${before}\u0000${after}`);

const two = (n: number) => String(n).padStart(2, '0');
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${two(hour)}:${two(minute)}`);

/** Well-formed date-times outside years 1 to 9999 in UTC, or with an offset no clock has. */
const outOfRangeDate = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      clock,
      fc.constantFrom('', 'Z', '+00:00', '-05:00', '+14:00'),
    )
    .map(([month, day, time, offset]) => `0000-${two(month)}-${two(day)}T${time}${offset}`),
  // The last evening of 9999 west of Greenwich is year 10000 in UTC.
  fc
    .tuple(
      fc.integer({ min: 12, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 13, max: 23 }),
    )
    .map(([hour, minute, west]) => `9999-12-31T${two(hour)}:${two(minute)}-${two(west)}:00`),
  fc
    .tuple(
      clock,
      fc.constantFrom('+', '-'),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .filter(([, , hours, minutes]) => hours > 23 || minutes > 59)
    .map(
      ([time, sign, hours, minutes]) => `2030-06-01T${time}${sign}${two(hours)}:${two(minutes)}`,
    ),
  fc.constantFrom('9999-12-31T23:59:00-14:00', '0000-01-01T00:00Z', '2030-06-01T10:00+99:99'),
);

const notAString = fc.oneof(
  fc.integer(),
  // Not NaN or ±Infinity: JSON sends them as null, which an end date may be (no end).
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const unknownKeys = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in permitPayload())),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** A body that breaks at least one rule of the create payload. */
const badCreateBody = fc.oneof(
  fc.record({
    field: fc.constantFrom('vrm', 'make', 'model', 'start_ts', 'end_ts'),
    value: fc.oneof(fc.constant(undefined), notAString, hugeString),
  }),
  fc.record({
    field: fc.constantFrom('vrm', 'make', 'model', 'start_ts'),
    value: fc.constant(null),
  }),
  fc.record({ field: fc.constantFrom('start_ts', 'end_ts'), value: malformedDate }),
  fc.record({ field: fc.constantFrom('vrm', 'make', 'model'), value: fc.constantFrom('', '   ') }),
  fc.record({
    field: fc.constant('vrm'),
    value: fc.constantFrom('ÄÖÜ12', 'AB/12', '🚗', '12345678901'),
  }),
  fc.record({
    field: fc.constantFrom(
      'vrm',
      'make',
      'model',
      'colour',
      'driver_first',
      'driver_last',
      'reference_label',
      'start_ts',
      'end_ts',
    ),
    value: withNul,
  }),
  fc.record({ field: fc.constantFrom('start_ts', 'end_ts'), value: outOfRangeDate }),
  fc.record({
    field: fc.constantFrom('colour', 'driver_first', 'driver_last'),
    value: fc.oneof(notAString, hugeString),
  }),
);

describe('bad input never reaches the database and never answers 500', () => {
  it('POST /api/v1/permits/ with generated bad bodies', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(badCreateBody, unknownKeys, async ({ field, value }, extra) => {
        const body: Record<string, unknown> = { ...permitPayload(), ...extra, [field]: value };
        if (value === undefined) delete body[field];
        expectRefusal(await resident.create(body));
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('POST /api/v1/permits/ with bodies that are not objects', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
          fc.string(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.boolean(),
          fc.constant(null),
        ),
        async (body) => expectRefusal(await resident.create(JSON.stringify(body))),
      ),
      { numRuns: 60 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('PATCH full_update with generated bad bodies and ids', async () => {
    const before = await snapshot();
    const badUpdate = fc.oneof(
      fc.record({ start_ts: fc.oneof(notAString, malformedDate, fc.constant(null)) }),
      fc.record({ end_ts: fc.oneof(notAString, malformedDate) }),
      fc.record({ start_ts: malformedDate, end_ts: fc.oneof(notAString, malformedDate) }),
      fc.record({ start_ts: fc.oneof(outOfRangeDate, withNul) }),
      fc.record({ end_ts: fc.oneof(outOfRangeDate, withNul) }),
      fc.constant({}),
    );
    const target = fc.oneof(
      fc.constantFrom(String(scheduled.id), String(active.id)),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.integer({ min: -5, max: 5_000_000 }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(target, badUpdate, unknownKeys, async (id, body, extra) => {
        const response = await resident.patch(`/api/v1/permits/${id}/full_update/`, {
          ...extra,
          ...body,
        });
        expectRefusal(response);
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('GET /api/v1/permits/ with generated bad query values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('status', 'start_date', 'end_date', 'page'),
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/^0*1$|^\d{4}-/.test(text)),
        async (key, value) => {
          const response = await call(
            `${host.api.url}/api/v1/permits/?${key}=${encodeURIComponent(value)}`,
            'GET',
            { headers: { authorization: `Bearer ${resident.idToken}` } },
          );
          if (response.status === 200) {
            // Blank filters are no filters, as in Django REST framework.
            expect(value.trim() === '' && key !== 'page').toBe(true);
          } else expectRefusal(response);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('GET /api/v1/permits/ with NULs and dates out of range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            key: fc.constantFrom('search', 'status', 'start_date', 'end_date', 'page'),
            value: withNul,
          }),
          fc.record({
            key: fc.constantFrom('start_date', 'end_date'),
            value: fc.oneof(
              outOfRangeDate,
              fc.constantFrom('0000-01-01', '0000-12-31', '0000-06-15T12:00'),
            ),
          }),
        ),
        async ({ key, value }) => {
          const response = await call(
            `${host.api.url}/api/v1/permits/?${key}=${encodeURIComponent(value)}`,
            'GET',
            { headers: { authorization: `Bearer ${resident.idToken}` } },
          );
          expectRefusal(response);
        },
      ),
      { numRuns: 100 },
    );
  });
});
