import { DateTime } from 'luxon';
import { parseAdminArguments, UsageError } from '../../server/cli/parse-admin-arguments';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';
import {
  admin,
  londonNow,
  permitOf,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
  uniqueVrm,
  type PermitClient,
} from './support/permit-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();
let resident: PermitClient;

beforeAll(async () => {
  resident = await signedInPermitClient(host.api.url, host.db);
});

afterEach(() => resetSiteSettings(host.db));

const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/v1/permits/', () => {
  it('creates a permit that starts now as QUEUED and answers 201 with the Permit entity', async () => {
    const before = Date.now();
    const response = await resident.create(
      permitPayload({
        vrm: ' ab-12 cde ',
        end_ts: '2031-01-02T03:04:00Z',
        colour: 'Red',
        driver_first: 'Ada',
        driver_last: 'Byron',
      }),
    );

    expect(response.status).toBe(201);
    const permit = permitOf(response);
    expect(permit).toEqual({
      id: expect.any(Number),
      vrm: 'AB12CDE',
      make: 'Ford',
      model: 'Focus',
      colour: 'Red',
      reference_no: expect.stringMatching(/^KS-[A-Z2-9]{8}$/),
      label: false,
      driver_first: 'Ada',
      driver_last: 'Byron',
      status: 'QUEUED',
      start_ts: expect.stringMatching(isoPattern),
      end_ts: '2031-01-02T03:04:00.000Z',
      created_at: expect.stringMatching(isoPattern),
    });
    // The web app sends "now" in London without an offset, to the second.
    expect(Math.abs(Date.parse(permit.start_ts) - before)).toBeLessThan(5_000);
  });

  it('stores an indefinite permit (end_ts null) with the year-9999 end', async () => {
    const permit = permitOf(await resident.create(permitPayload({ end_ts: null })));

    expect(permit.end_ts).toBe('9999-12-01T00:00:00.000Z');
  });

  it('keeps colour and driver names optional', async () => {
    const payload = permitPayload({ driver_first: null });
    delete payload.colour;
    delete payload.driver_last;

    const permit = permitOf(await resident.create(payload));

    expect([permit.colour, permit.driver_first, permit.driver_last]).toEqual(['', '', '']);
  });

  it('schedules a permit that starts in the future', async () => {
    const response = await resident.create(
      permitPayload({ start_ts: '2027-07-01T10:00', end_ts: '2027-07-02T10:00' }),
    );

    expect(response.status).toBe(201);
    // Offset-less times are London local time: BST in July.
    expect(permitOf(response)).toMatchObject({
      status: 'SCHEDULED',
      start_ts: '2027-07-01T09:00:00.000Z',
      end_ts: '2027-07-02T09:00:00.000Z',
    });
  });

  it('takes times with an offset as they are', async () => {
    const permit = permitOf(
      await resident.create(
        permitPayload({ start_ts: '2027-07-01T10:00:00+02:00', end_ts: '2027-07-01T12:30:00Z' }),
      ),
    );

    expect([permit.start_ts, permit.end_ts]).toEqual([
      '2027-07-01T08:00:00.000Z',
      '2027-07-01T12:30:00.000Z',
    ]);
  });

  it('refuses a London local time that the clocks skip, and takes a repeated one at its first occurrence', async () => {
    const skipped = await resident.create(
      permitPayload({ start_ts: '2027-03-28T01:30', end_ts: '2027-03-29T10:00' }),
    );
    const repeated = await resident.create(
      permitPayload({ start_ts: '2027-10-31T01:30', end_ts: '2027-10-31T01:45' }),
    );

    expect(skipped.status).toBe(400);
    expect(skipped.body).toEqual({
      start_ts: ['Invalid datetime for the timezone "Europe/London".'],
    });
    expect(permitOf(repeated)).toMatchObject({
      start_ts: '2027-10-31T00:30:00.000Z',
      end_ts: '2027-10-31T00:45:00.000Z',
    });
  });

  it('ends the permit the automatic number of hours after its start, whatever the client sent', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 36 },
    });

    const scheduled = permitOf(
      await resident.create(permitPayload({ start_ts: '2027-01-10T08:00', end_ts: null })),
    );
    const now = permitOf(await resident.create(permitPayload({ end_ts: '2040-01-01T00:00:00Z' })));

    expect(scheduled.end_ts).toBe('2027-01-11T20:00:00.000Z');
    expect(Date.parse(now.end_ts) - Date.parse(now.start_ts)).toBe(36 * 3_600_000);
  });

  it('uses the reference label as the reference number when the site allows labels', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });

    const labelled = permitOf(
      await resident.create(permitPayload({ reference_label: ' FLAT-12 ' })),
    );
    const missing = await resident.create(permitPayload());
    const again = await resident.create(permitPayload({ reference_label: 'FLAT-12' }));

    expect(labelled).toMatchObject({ reference_no: 'FLAT-12', label: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ reference_label: ['This field is required.'] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      reference_label: ['An active permit already exists with reference number FLAT-12'],
    });
  });

  it('ignores a reference label when the site does not allow labels', async () => {
    const permit = permitOf(await resident.create(permitPayload({ reference_label: 'FLAT-9' })));

    expect(permit.label).toBe(false);
    expect(permit.reference_no).not.toBe('FLAT-9');
  });

  it("refuses a resident's second permit for a vehicle at an overlapping time", async () => {
    const vrm = uniqueVrm();
    permitOf(await resident.create(permitPayload({ vrm, end_ts: londonNow({ hours: 5 }) })));

    const overlapping = await resident.create(
      permitPayload({ vrm: vrm.toLowerCase(), start_ts: londonNow({ hours: 2 }) }),
    );
    const afterwards = await resident.create(
      permitPayload({ vrm, start_ts: londonNow({ hours: 6 }), end_ts: londonNow({ hours: 8 }) }),
    );

    expect(overlapping.status).toBe(400);
    expect(overlapping.body).toEqual({
      non_field_errors: ['A permit for this VRM and time already exists'],
    });
    expect(afterwards.status).toBe(201);
  });

  it("lets a resident book a vehicle that another resident's permit holds at the same time", async () => {
    // Issue 34: a neighbour who booked a car indefinitely from five minutes ahead blocked everyone
    // else from booking it at any time, and the refusal told them the car was booked.
    const vrm = uniqueVrm();
    const neighbour = await signedInPermitClient(host.api.url, host.db);
    permitOf(
      await neighbour.create(
        permitPayload({ vrm, start_ts: londonNow({ minutes: 5 }), end_ts: null }),
      ),
    );

    const now = await resident.create(permitPayload({ vrm }));
    const later = await resident.create(
      permitPayload({ vrm, start_ts: londonNow({ days: 3 }), end_ts: null }),
    );

    expect(now.status).toBe(201);
    expect(later.status).toBe(201);
    expect(permitOf(now).vrm).toBe(vrm);
  });

  it('answers field errors in the DRF shape', async () => {
    const response = await resident.create({
      vrm: 'AB/12',
      make: '',
      model: 42,
      start_ts: 'tomorrow',
      end_ts: '2020-01-01T00:00',
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      vrm: ['Enter a valid registration number (letters and digits only).'],
      make: ['This field may not be blank.'],
      model: ['Not a valid string.'],
    });
  });

  it.each([
    [
      'an unreadable start',
      { start_ts: '01/07/2027 10:00' },
      {
        start_ts: [
          'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
        ],
      },
    ],
    [
      'a start in the past',
      { start_ts: londonNow({ hours: -1 }) },
      {
        start_ts: ['Start must not be in the past.'],
      },
    ],
    [
      'an end in the past',
      { end_ts: londonNow({ minutes: -30 }) },
      {
        end_ts: ['Expiry date must be in the future'],
      },
    ],
    [
      'an end before the start',
      { start_ts: '2027-07-01T10:00', end_ts: '2027-07-01T09:00' },
      { end_ts: ['Expiry must be after the start.'] },
    ],
    ['a missing end', { end_ts: undefined }, { end_ts: ['This field is required.'] }],
    ['a missing registration', { vrm: undefined }, { vrm: ['This field is required.'] }],
    ['a registration of spaces', { vrm: '   ' }, { vrm: ['This field may not be blank.'] }],
    [
      'a registration that is too long',
      { vrm: 'ABCDEFGHIJK' },
      { vrm: ['Ensure this field has no more than 10 characters.'] },
    ],
    ['a null make', { make: null }, { make: ['This field may not be null.'] }],
  ])('refuses %s', async (_case, overrides, errors) => {
    const response = await resident.create(permitPayload(overrides));

    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('refuses a future start when the site does not allow scheduling', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'can_schedule_permits', value: false },
    });

    const response = await resident.create(
      permitPayload({ start_ts: londonNow({ days: 1 }), end_ts: null }),
    );

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      start_ts: ['Scheduling permits is not enabled on this site.'],
    });
  });

  it('answers 401 without a token', async () => {
    const response = await call(`${host.api.url}/api/v1/permits/`, 'POST', {
      body: permitPayload(),
    });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('the permit limit', () => {
  it('refuses a permit beyond the limit and counts held permits as active_registrations', async () => {
    const limited = await signedInPermitClient(host.api.url, host.db, { permitLimit: 2 });
    const first = permitOf(await limited.create(permitPayload()));
    permitOf(
      await limited.create(permitPayload({ start_ts: londonNow({ days: 3 }), end_ts: null })),
    );

    const third = await limited.create(permitPayload());
    const profileWhenFull = await limited.get('/api/v1/auth/profile/');
    await limited.post(`/api/v1/permits/${first.id}/cancel/`);
    const afterCancel = await limited.get('/api/v1/auth/profile/');
    const replacement = await limited.create(permitPayload());

    expect(third.status).toBe(400);
    expect(third.body).toEqual({ non_field_errors: ['You have reached your permit limit'] });
    expect(profileWhenFull.body).toMatchObject({ active_registrations: 2, permit_limit: 2 });
    expect(afterCancel.body).toMatchObject({ active_registrations: 1 });
    expect(replacement.status).toBe(201);
  });
});

describe('the activation cap', () => {
  const londonToday = () => DateTime.now().setZone('Europe/London');

  it('reports an unlimited monthly cap by default', async () => {
    const response = await resident.get('/api/v1/permits/permit_cap_info/');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      permits_used: expect.any(Number),
      permit_cap_limit: 0,
      permits_remaining: null,
      period_name: londonToday().setLocale('en-GB').toFormat('LLLL yyyy'),
      permit_cap_type: 'monthly',
    });
  });

  it('counts activations under way against a monthly cap and refuses the one beyond it', async () => {
    await admin(host.db, { command: 'cap.set', type: 'monthly', limit: 2 });
    const capped = await signedInPermitClient(host.api.url, host.db);

    permitOf(await capped.create(permitPayload()));
    const afterOne = await capped.get('/api/v1/permits/permit_cap_info/');
    permitOf(await capped.create(permitPayload()));
    const scheduled = await capped.create(
      permitPayload({ start_ts: londonNow({ days: 40 }), end_ts: null }),
    );
    const third = await capped.create(permitPayload());
    const afterTwo = await capped.get('/api/v1/permits/permit_cap_info/');

    expect(afterOne.body).toMatchObject({
      permits_used: 1,
      permit_cap_limit: 2,
      permits_remaining: 1,
      permit_cap_type: 'monthly',
    });
    // A scheduled permit uses its activation when it starts, not when it is booked.
    expect(scheduled.status).toBe(201);
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      non_field_errors: [
        `You have reached your permit activation cap for ${londonToday().setLocale('en-GB').toFormat('LLLL yyyy')}`,
      ],
    });
    expect(afterTwo.body).toMatchObject({ permits_used: 2, permits_remaining: 0 });
  });

  it('names the quarter of a quarterly cap set with the admin command', async () => {
    await admin(host.db, parseAdminArguments(['cap', 'set', 'quarterly', '7']));

    const response = await resident.get('/api/v1/permits/permit_cap_info/');

    expect(response.body).toMatchObject({
      permit_cap_limit: 7,
      period_name: `Q${londonToday().quarter} ${londonToday().year}`,
      permit_cap_type: 'quarterly',
    });
  });

  it.each([
    [['cap', 'set', 'weekly', '3'], 'The cap period must be monthly or quarterly, got weekly.'],
    [['cap', 'set', 'monthly', '2.5'], 'The cap must be a whole number, got 2.5.'],
    [['cap', 'set', 'monthly'], 'Usage: cap set <monthly|quarterly> <n>'],
  ])('refuses the admin command %j', (argv, message) => {
    expect(() => parseAdminArguments(argv)).toThrow(new UsageError(message));
  });

  it('answers 401 without a token', async () => {
    const response = await call(`${host.api.url}/api/v1/permits/permit_cap_info/`, 'GET');

    expect(response.status).toBe(401);
  });
});
