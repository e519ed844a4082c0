import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  inviterHasNoPermitsLeftMessage,
  visitorBookingOutsideWindowMessage,
  visitorBookingRequestSchema,
  visitorPassUnusableMessage,
} from '../../contract/visitor-pass';
import { siteSettingsStore } from '../../server/site-settings/site-settings-store';
import {
  bookOnVisitorPass,
  findVisitedPass,
} from '../../server/visitor-passes/visitor-pass-visits';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { call, startTestApi, type TestApi } from '../../scripts/stack/test-api';
import {
  admin,
  londonNow,
  permitOf,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
  type PermitBody,
  type PermitClient,
  type PermitPage,
} from './support/permit-api';
import { startPermitWorkers, type PermitWorkers } from './support/permit-workers';
import { eventually } from './support/reconciler-fixtures';
import {
  bookingOf,
  bookingPayload,
  createPass,
  listPasses,
  newAddress,
  recordingMailer,
  visitor,
} from './support/visitor-pass-api';

jest.setTimeout(60_000);

let database: TestDatabase;
let api: TestApi;
let workers: PermitWorkers;
const mailer = recordingMailer();

beforeAll(async () => {
  database = await openTestDatabase();
  api = await startTestApi(database.db, { mailer });
  workers = startPermitWorkers(database.db, { mailer, publicUrl: () => api.url });
});

afterAll(async () => {
  await workers?.stop();
  await api?.close();
  await database?.close();
});

afterEach(() => resetSiteSettings(database.db));

/** The resident's own list of permits. */
async function permitsOf(resident: PermitClient): Promise<PermitBody[]> {
  return ((await resident.get('/api/v1/permits/')).body as PermitPage).results;
}

function referenceOf(booking: unknown): string {
  return (booking as { reference_no: string }).reference_no;
}

const refusedAsUnusable = { status: 404, body: { detail: visitorPassUnusableMessage } };

describe('a visitor books on a pass', () => {
  it('creates the resident’s permit, which the resident lists and which counts against their limit', async () => {
    const resident = await signedInPermitClient(api.url, database.db, { permitLimit: 5 });
    const pass = await createPass(resident);
    const payload = bookingPayload({ vrm: 'ab 12 cde' });

    const answer = await visitor(api.url, pass.token, newAddress()).book(payload);

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      reference_no: expect.stringMatching(/^KS-[A-Z2-9]{8}$/),
      vrm: 'AB12CDE',
      make: 'Vauxhall',
      model: 'Corsa',
      colour: 'Red',
      status: 'QUEUED',
      start_ts: expect.any(String),
      end_ts: expect.any(String),
    });
    const booking = bookingOf(answer);
    const [permit] = await permitsOf(resident);
    expect(permit).toMatchObject({
      reference_no: booking.reference_no,
      vrm: 'AB12CDE',
      label: false,
      driver_first: '',
      driver_last: '',
      start_ts: booking.start_ts,
      end_ts: booking.end_ts,
    });
    expect((await resident.get('/api/v1/auth/profile/')).body).toMatchObject({
      active_registrations: 1,
    });
    expect((await listPasses(resident))[0]).toMatchObject({
      uses_left: 0,
      state: 'USED',
      permit_ids: [permit?.id],
    });
  });

  it('is refused with the exact message, creating nothing, when the resident is at their limit', async () => {
    const resident = await signedInPermitClient(api.url, database.db, { permitLimit: 1 });
    permitOf(await resident.create(permitPayload()));
    const pass = await createPass(resident);

    const answer = await visitor(api.url, pass.token, newAddress()).book();

    expect(answer).toMatchObject({
      status: 400,
      body: { non_field_errors: [inviterHasNoPermitsLeftMessage] },
    });
    expect(answer.body).toEqual({ non_field_errors: [inviterHasNoPermitsLeftMessage] });
    expect(await permitsOf(resident)).toHaveLength(1);
    expect((await listPasses(resident))[0]).toMatchObject({
      uses_left: 1,
      state: 'READY',
      permit_ids: [],
    });
  });

  it('counts against the activation cap, and is refused with the same message once it is spent', async () => {
    await admin(database.db, { command: 'cap.set', type: 'monthly', limit: 2 });
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    const link = visitor(api.url, pass.token, newAddress());

    bookingOf(await link.book());
    permitOf(await resident.create(permitPayload()));
    const third = await link.book();

    expect(third.body).toEqual({ non_field_errors: [inviterHasNoPermitsLeftMessage] });
    expect((await resident.get('/api/v1/permits/permit_cap_info/')).body).toMatchObject({
      permits_used: 2,
      permits_remaining: 0,
    });
    expect(await resident.create(permitPayload())).toMatchObject({
      status: 400,
      body: {
        non_field_errors: [
          expect.stringMatching(/^You have reached your permit activation cap for /),
        ],
      },
    });
  });

  it('follows the resident’s own rules: no overlapping permit for one vehicle', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    const link = visitor(api.url, pass.token, newAddress());
    const payload = bookingPayload();

    bookingOf(await link.book(payload));
    const again = await link.book(payload);

    expect(again).toMatchObject({
      status: 400,
      body: { non_field_errors: ['A permit for this VRM and time already exists'] },
    });
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 2 });
  });

  it('schedules a stay that starts later, and refuses one when the site does not schedule', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 2 });
    const link = visitor(api.url, pass.token, newAddress());
    const later = { start_ts: londonNow({ hours: 2 }), end_ts: londonNow({ hours: 4 }) };

    expect(bookingOf(await link.book(bookingPayload(later))).status).toBe('SCHEDULED');
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'can_schedule_permits', value: false },
    });
    expect(await link.book(bookingPayload(later))).toMatchObject({
      status: 400,
      body: { start_ts: ['Scheduling permits is not enabled on this site.'] },
    });
  });

  it('ends the stay at the site’s automatic end', async () => {
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 2 },
    });
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);

    const booking = bookingOf(
      await visitor(api.url, pass.token, newAddress()).book(bookingPayload({ end_ts: null })),
    );

    expect(Date.parse(booking.end_ts) - Date.parse(booking.start_ts)).toBe(2 * 3_600_000);
  });

  it('stops the site’s automatic end at the end of the pass', async () => {
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 24 },
    });
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { valid_until: londonNow({ hours: 6 }), uses: 2 });

    const booking = bookingOf(
      await visitor(api.url, pass.token, newAddress()).book(bookingPayload({ end_ts: null })),
    );

    expect(booking.end_ts).toBe(pass.valid_until);
    const afterThePass = await visitor(api.url, pass.token, newAddress()).book(
      bookingPayload({ start_ts: londonNow({ hours: 7 }), end_ts: null }),
    );
    expect(afterThePass).toMatchObject({
      status: 400,
      body: { start_ts: [visitorBookingOutsideWindowMessage] },
    });
  });

  it('keeps the stay within the pass’s window', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, {
      valid_from: londonNow({ hours: 1 }),
      valid_until: londonNow({ hours: 6 }),
      uses: 2,
    });
    const link = visitor(api.url, pass.token, newAddress());

    const early = await link.book(bookingPayload({ end_ts: londonNow({ hours: 3 }) }));
    const late = await link.book(
      bookingPayload({ start_ts: londonNow({ hours: 2 }), end_ts: londonNow({ hours: 7 }) }),
    );
    const indefinite = await link.book(
      bookingPayload({ start_ts: londonNow({ hours: 2 }), end_ts: null }),
    );
    const within = await link.book(
      bookingPayload({ start_ts: londonNow({ hours: 2 }), end_ts: londonNow({ hours: 5 }) }),
    );

    expect(early).toMatchObject({
      status: 400,
      body: { start_ts: [visitorBookingOutsideWindowMessage] },
    });
    expect(late).toMatchObject({
      status: 400,
      body: { end_ts: [visitorBookingOutsideWindowMessage] },
    });
    expect(indefinite).toMatchObject({
      status: 400,
      body: { end_ts: [visitorBookingOutsideWindowMessage] },
    });
    expect(bookingOf(within).status).toBe('SCHEDULED');
  });

  it('labels the permit with the pass’s name where the site wants reference labels', async () => {
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });
    const resident = await signedInPermitClient(api.url, database.db);
    const named = await createPass(resident, { name: 'Mum', uses: 2 });
    const unnamed = await createPass(resident, { name: '' });

    const first = bookingOf(await visitor(api.url, named.token, newAddress()).book());
    const second = bookingOf(await visitor(api.url, named.token, newAddress()).book());
    const anonymous = bookingOf(await visitor(api.url, unnamed.token, newAddress()).book());

    expect(first.reference_no).toMatch(/^Mum KS-[A-Z2-9]{8}$/);
    expect(second.reference_no).toMatch(/^Mum KS-[A-Z2-9]{8}$/);
    expect(second.reference_no).not.toBe(first.reference_no);
    expect(anonymous.reference_no).toMatch(/^Visitor KS-[A-Z2-9]{8}$/);
    const labelled = (await permitsOf(resident)).map((permit) => [
      permit.reference_no,
      permit.label,
    ]);
    expect(labelled).toEqual(
      expect.arrayContaining([
        [first.reference_no, true],
        [second.reference_no, true],
        [anonymous.reference_no, true],
      ]),
    );
  });

  it('labels the permit of an unnamed pass in its resident’s language', async () => {
    await admin(database.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });
    const resident = await signedInPermitClient(api.url, database.db);
    expect((await resident.put('/api/v1/me/language/', { language: 'cy' })).status).toBe(200);
    const unnamed = await createPass(resident, { name: '' });

    const booking = bookingOf(await visitor(api.url, unnamed.token, newAddress()).book());

    expect(booking.reference_no).toMatch(/^Ymwelydd KS-[A-Z2-9]{8}$/);
  });

  it('refuses a booking the contract cannot read, field by field', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);

    const answer = await visitor(api.url, pass.token, newAddress()).book({
      vrm: '',
      model: 'Corsa',
      start_ts: londonNow(),
      end_ts: londonNow({ hours: 1 }),
      receipt_email: 'not an address',
    });

    expect(answer).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          vrm: ['This field may not be blank.'],
          make: ['This field is required.'],
          receipt_email: ['Enter a valid email address.'],
        },
      }),
    );
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 1, permit_ids: [] });
  });
});

describe('a pass that can no longer be used', () => {
  it('books nothing once withdrawn', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    await resident.post(`/api/v1/visitor-passes/${pass.id}/withdraw/`);

    expect(await visitor(api.url, pass.token, newAddress()).book()).toMatchObject(
      refusedAsUnusable,
    );
    expect(await permitsOf(resident)).toEqual([]);
  });

  it('books nothing once its window has ended', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3, valid_until: londonNow({ seconds: 2 }) });
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(
      await visitor(api.url, pass.token, newAddress()).book(
        bookingPayload({ end_ts: londonNow({ hours: 1 }) }),
      ),
    ).toMatchObject(refusedAsUnusable);
    expect(await permitsOf(resident)).toEqual([]);
  });

  it('books nothing once its uses are spent', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);
    const link = visitor(api.url, pass.token, newAddress());
    bookingOf(await link.book());

    expect(await link.book()).toMatchObject(refusedAsUnusable);
    expect(await permitsOf(resident)).toHaveLength(1);
  });
});

describe('a booking sent again with its key (its first answer lost)', () => {
  it('answers 200 with the same permit, even with the pass now used up, and books nothing more', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);
    const link = visitor(api.url, pass.token, newAddress());
    const payload = bookingPayload({ booking_key: randomUUID() });
    const first = bookingOf(await link.book(payload));

    const again = await link.book(payload);

    expect(again).toMatchObject({ status: 200, body: { reference_no: first.reference_no } });
    expect(await permitsOf(resident)).toHaveLength(1);
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 0, state: 'USED' });
  });

  it('finds the permit whatever else the body sent again says (a start since passed, a field blanked)', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    const link = visitor(api.url, pass.token, newAddress());
    const booking_key = randomUUID();
    const first = bookingOf(await link.book(bookingPayload({ booking_key })));

    const again = await link.book({ booking_key, vrm: '', start_ts: londonNow({ hours: -1 }) });

    expect(again).toMatchObject({ status: 200, body: { reference_no: first.reference_no } });
    expect(await permitsOf(resident)).toHaveLength(1);
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 2 });
  });

  it('books again under a new key, and a key is the link’s own', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    const other = await createPass(resident, { uses: 3 });
    const booking_key = randomUUID();
    const first = bookingOf(
      await visitor(api.url, pass.token, newAddress()).book(bookingPayload({ booking_key })),
    );

    const onOtherLink = await visitor(api.url, other.token, newAddress()).book(
      bookingPayload({ booking_key }),
    );
    const underNewKey = await visitor(api.url, pass.token, newAddress()).book(
      bookingPayload({ booking_key: randomUUID() }),
    );

    expect(onOtherLink.status).toBe(201);
    expect(underNewKey.status).toBe(201);
    expect(new Set([first, onOtherLink.body, underNewKey.body].map(referenceOf)).size).toBe(3);
    expect(await permitsOf(resident)).toHaveLength(3);
  });

  it('looks the key up again under the pass’s lock, for a send that passed the first look-up', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 3 });
    const visited = await findVisitedPass(database.db, pass.token);
    if (!visited) throw new Error('The pass was not found by its token.');
    const site = await siteSettingsStore.read(database.db);
    const booking = visitorBookingRequestSchema.parse(
      bookingPayload({ booking_key: randomUUID() }),
    );

    // Both as two sends at once would be after the route's own look-up found nothing.
    const first = await bookOnVisitorPass(database.db, visited, booking, site);
    const second = await bookOnVisitorPass(database.db, visited, booking, site);

    expect(first.bookedBefore).toBe(false);
    expect(second).toMatchObject({ bookedBefore: true, permit: { id: first.permit.id } });
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 2 });
  });

  it('sends no second receipt, and finds nothing once the pass is withdrawn', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 2 });
    const link = visitor(api.url, pass.token, newAddress());
    const address = `visitor-again-${Date.now()}@example.com`;
    const payload = bookingPayload({ booking_key: randomUUID(), receipt_email: address });
    bookingOf(await link.book(payload));
    await eventually(async () => mailer.sent.find((mail) => mail.to === address));

    // Sent again through a host of its own, closed before counting: closing waits for the mail
    // each answer left on its way (server/mail/send-after-answer.ts).
    const host = await startTestApi(database.db, { mailer });
    try {
      expect((await visitor(host.url, pass.token, newAddress()).book(payload)).status).toBe(200);
    } finally {
      await host.close();
    }
    expect(mailer.sent.filter((mail) => mail.to === address)).toHaveLength(1);

    await resident.post(`/api/v1/visitor-passes/${pass.id}/withdraw/`);
    expect(await link.book(payload)).toMatchObject(refusedAsUnusable);
  });
});

describe('the visitor follows the booking', () => {
  it('sees its live status, while the window lasts, even with the pass used up', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);
    const link = visitor(api.url, pass.token, newAddress());
    const booking = bookingOf(await link.book());

    const active = await eventually(async () => {
      const answer = await link.booking(booking.reference_no);
      return (answer.body as { status?: string }).status === 'ACTIVE' ? answer : undefined;
    }, 10_000);

    expect(active).toMatchObject({ status: 200, body: { ...booking, status: 'ACTIVE' } });
  });

  it('sees nothing once the resident withdraws the pass, nor under another reference or link', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 2 });
    const other = await createPass(resident);
    const link = visitor(api.url, pass.token, newAddress());
    const booking = bookingOf(await link.book());
    expect((await link.booking(booking.reference_no)).status).toBe(200);

    expect(await link.booking('KS-NOTFOUND')).toMatchObject(refusedAsUnusable);
    expect(
      await visitor(api.url, other.token, newAddress()).booking(booking.reference_no),
    ).toMatchObject(refusedAsUnusable);
    await resident.post(`/api/v1/visitor-passes/${pass.id}/withdraw/`);
    expect(await link.booking(booking.reference_no)).toMatchObject(refusedAsUnusable);
  });
});

describe('e-mails of a booking', () => {
  /** Every value in every table of the database, as text, in one string. */
  async function everythingStored(): Promise<string> {
    const tables = (await database.db.execute(
      sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
    )) as { rows: Array<{ table_schema: string; table_name: string }> };
    const dumps: string[] = [];
    for (const { table_schema: schema, table_name: table } of tables.rows) {
      const rows = (await database.db.execute(
        sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} t`,
      )) as { rows: Array<{ row: string }> };
      dumps.push(...rows.rows.map((row) => row.row));
    }
    return dumps.join('\n');
  }

  it('sends the visitor one receipt with the registration, UK times and reference, and keeps no address', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);
    const address = `visitor-${Date.now()}@example.com`;

    const booking = bookingOf(
      await visitor(api.url, pass.token, newAddress()).book(
        bookingPayload({ receipt_email: address }),
      ),
    );

    const receipt = await eventually(async () => mailer.sent.find((mail) => mail.to === address));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailer.sent.filter((mail) => mail.to === address)).toHaveLength(1);
    expect(receipt.subject).toBe('Parking booked: your Kerbside visitor permit receipt');
    const uk = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.source;
    expect(receipt.text).toContain(`Registration: ${booking.vrm}`);
    expect(receipt.text).toContain(`Reference: ${booking.reference_no}`);
    expect(receipt.text).toMatch(new RegExp(`Starts: ${uk}`));
    expect(receipt.text).toMatch(new RegExp(`Ends: ${uk}`));
    expect(receipt.text).not.toContain(pass.token);
    expect(receipt.html).not.toMatch(/https?:/);
    expect(await everythingStored()).not.toContain(address);
  });

  it('sends the resident the "Permit booked" confirmation when they want confirmations, and none when they do not', async () => {
    const wanting = await signedInPermitClient(api.url, database.db);
    const declining = await signedInPermitClient(api.url, database.db);
    const switchedOff = await call(`${api.url}/api/v1/me/email-preferences/`, 'PUT', {
      headers: { authorization: `Bearer ${declining.idToken}` },
      body: { confirmations: false, reminders: true },
    });
    expect(switchedOff.status).toBe(200);
    const passes = await Promise.all([createPass(wanting), createPass(declining)]);
    const bookings = await Promise.all(
      passes.map(async (pass) =>
        bookingOf(await visitor(api.url, pass.token, newAddress()).book()),
      ),
    );

    const mailAbout = (resident: PermitClient, vrm: string) =>
      mailer.sent.filter(
        (mail) =>
          mail.to === resident.email &&
          mail.subject.startsWith('Permit booked:') &&
          mail.text.includes(`Registration: ${vrm}`),
      );
    const confirmation = await eventually(async () => mailAbout(wanting, bookings[0]!.vrm)[0]);
    expect(confirmation.text).toContain(`Reference: ${bookings[0]!.reference_no}`);
    // Wait for the other resident's permit to be active (confirmed by mail for the first): by
    // then the dispatcher has passed over its created mail several times.
    await eventually(
      async () =>
        mailer.sent.some(
          (mail) =>
            mail.to === wanting.email &&
            mail.subject.startsWith('Permit active:') &&
            mail.text.includes(`Registration: ${bookings[0]!.vrm}`),
        ),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailAbout(declining, bookings[1]!.vrm)).toEqual([]);
    expect(
      mailer.sent.filter(
        (mail) => mail.to === declining.email && mail.subject.startsWith('Permit '),
      ),
    ).toEqual([]);
  });
});
