import { eq } from 'drizzle-orm';
import { permits } from '../../server/db/schema';
import { permitStatuses, type PermitStatus } from '../../contract/permit-status';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';
import {
  admin,
  londonNow,
  permitOf,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
  type PermitBody,
  type PermitClient,
} from './support/permit-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();
let resident: PermitClient;

beforeAll(async () => {
  resident = await signedInPermitClient(host.api.url, host.db);
});

afterEach(() => resetSiteSettings(host.db));

/** Puts a permit where the reconciler would have taken it, with a step under way. */
async function moveTo(id: number, status: PermitStatus): Promise<void> {
  await host.db
    .update(permits)
    .set({ status, attempts: 3, nextAttemptAt: new Date(Date.now() + 60_000) })
    .where(eq(permits.id, id));
}

async function stored(id: number) {
  const [row] = await host.db.select().from(permits).where(eq(permits.id, id));
  if (!row) throw new Error(`No permit ${id}`);
  return row;
}

const scheduledPayload = () =>
  permitPayload({ start_ts: londonNow({ days: 2 }), end_ts: londonNow({ days: 3 }) });

async function permitIn(status: PermitStatus, client = resident): Promise<PermitBody> {
  const permit = permitOf(await client.create(scheduledPayload()));
  if (status !== 'SCHEDULED') await moveTo(permit.id, status);
  return permit;
}

describe('POST /api/v1/permits/{id}/activate/', () => {
  it('sets a scheduled permit live: it starts now and is QUEUED, its step afresh', async () => {
    const permit = await permitIn('SCHEDULED');
    await moveTo(permit.id, 'SCHEDULED');
    const before = Date.now();

    const response = await resident.post(`/api/v1/permits/${permit.id}/activate/`);

    expect(response.status).toBe(200);
    const activated = permitOf(response);
    expect(activated).toMatchObject({ id: permit.id, status: 'QUEUED', end_ts: permit.end_ts });
    expect(Math.abs(Date.parse(activated.start_ts) - before)).toBeLessThan(5_000);
    expect(await stored(permit.id)).toMatchObject({ attempts: 0, nextAttemptAt: null });
  });

  it('recomputes the automatic end from the new start', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 4 },
    });
    const permit = await permitIn('SCHEDULED');

    const activated = permitOf(await resident.post(`/api/v1/permits/${permit.id}/activate/`));

    expect(Date.parse(activated.end_ts) - Date.parse(activated.start_ts)).toBe(4 * 3_600_000);
  });

  it('re-checks the activation cap', async () => {
    await admin(host.db, { command: 'cap.set', type: 'monthly', limit: 1 });
    const capped = await signedInPermitClient(host.api.url, host.db);
    permitOf(await capped.create(permitPayload()));
    const scheduled = await permitIn('SCHEDULED', capped);

    const response = await capped.post(`/api/v1/permits/${scheduled.id}/activate/`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      non_field_errors: [
        expect.stringMatching(/^You have reached your permit activation cap for /),
      ],
    });
    expect((await stored(scheduled.id)).status).toBe('SCHEDULED');
  });

  it.each(permitStatuses.filter((status) => status !== 'SCHEDULED'))(
    'refuses a %s permit',
    async (status) => {
      const permit = await permitIn(status);

      const response = await resident.post(`/api/v1/permits/${permit.id}/activate/`);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        non_field_errors: [`A permit with status ${status} cannot be set live.`],
      });
      expect((await stored(permit.id)).status).toBe(status);
    },
  );
});

describe('POST /api/v1/permits/{id}/cancel/', () => {
  const cancellable: PermitStatus[] = [
    'ACTIVE',
    'QUEUED',
    'SCHEDULED',
    'UPDATE_PENDING',
    'UPDATE_FAILED',
  ];

  it.each(cancellable)('asks for a %s permit to be cancelled', async (status) => {
    const permit = await permitIn(status);

    const response = await resident.post(`/api/v1/permits/${permit.id}/cancel/`);

    expect(response.status).toBe(200);
    expect(permitOf(response)).toMatchObject({ id: permit.id, status: 'CANCEL_PENDING' });
    expect(await stored(permit.id)).toMatchObject({ attempts: 0, nextAttemptAt: null });
  });

  it.each(permitStatuses.filter((status) => !cancellable.includes(status)))(
    'refuses a %s permit',
    async (status) => {
      const permit = await permitIn(status);

      const response = await resident.post(`/api/v1/permits/${permit.id}/cancel/`);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        non_field_errors: [`A permit with status ${status} cannot be cancelled.`],
      });
      expect((await stored(permit.id)).status).toBe(status);
    },
  );
});

describe('PATCH /api/v1/permits/{id}/full_update/', () => {
  const update = (id: number, body: unknown) =>
    resident.patch(`/api/v1/permits/${id}/full_update/`, body);

  it('reschedules a scheduled permit in place', async () => {
    const permit = await permitIn('SCHEDULED');

    const response = await update(permit.id, {
      start_ts: '2027-08-01T09:00',
      end_ts: '2027-08-01T18:00',
    });

    expect(response.status).toBe(200);
    expect(permitOf(response)).toMatchObject({
      id: permit.id,
      status: 'SCHEDULED',
      start_ts: '2027-08-01T08:00:00.000Z',
      end_ts: '2027-08-01T17:00:00.000Z',
    });
  });

  it('makes a scheduled permit indefinite, keeping its start', async () => {
    const permit = await permitIn('SCHEDULED');

    const updated = permitOf(await update(permit.id, { end_ts: null }));

    expect(updated).toMatchObject({
      start_ts: permit.start_ts,
      end_ts: '9999-12-01T00:00:00.000Z',
    });
  });

  it('refuses a new start less than a minute ahead', async () => {
    const permit = await permitIn('SCHEDULED');

    const response = await update(permit.id, { start_ts: londonNow({ minutes: 0 }) });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      start_ts: ['Scheduled start date must be at least 1 minute in the future'],
    });
  });

  it('moves the automatic end with a new start, and refuses a change of the end alone', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 10 },
    });
    const permit = await permitIn('SCHEDULED');

    const moved = permitOf(await update(permit.id, { start_ts: '2027-02-01T08:00', end_ts: null }));
    const endOnly = await update(permit.id, { end_ts: '2027-02-03T08:00' });

    expect(moved.end_ts).toBe('2027-02-01T18:00:00.000Z');
    expect(endOnly.status).toBe(400);
    expect(endOnly.body).toEqual({
      end_ts: ['The end cannot be changed: permits on this site end 10 hours after their start.'],
    });
  });

  it.each(['ACTIVE', 'UPDATE_FAILED'] as const)(
    'asks for a new expiry of a %s permit, pending until the provider confirms it',
    async (status) => {
      const permit = await permitIn(status);

      const response = await update(permit.id, { end_ts: '2027-09-01T12:00' });

      expect(response.status).toBe(200);
      expect(permitOf(response)).toMatchObject({ status: 'UPDATE_PENDING', end_ts: permit.end_ts });
      expect(await stored(permit.id)).toMatchObject({
        pendingEndTs: new Date('2027-09-01T11:00:00Z'),
        attempts: 0,
        nextAttemptAt: null,
      });
    },
  );

  it('refuses an expiry change without a new expiry, with a start, or under the automatic end', async () => {
    const permit = await permitIn('ACTIVE');

    const nothing = await update(permit.id, {});
    const start = await update(permit.id, { start_ts: '2027-09-01T12:00', end_ts: null });
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 8 },
    });
    const automatic = await update(permit.id, { end_ts: null });

    expect(nothing.body).toEqual({
      non_field_errors: ['Please select a new expiry date or mark as indefinite'],
    });
    expect(start.body).toEqual({
      start_ts: ['Only a scheduled permit can have its start changed.'],
    });
    expect(automatic.body).toEqual({
      end_ts: ['The end cannot be changed: permits on this site end 8 hours after their start.'],
    });
    expect([nothing.status, start.status, automatic.status]).toEqual([400, 400, 400]);
    expect((await stored(permit.id)).status).toBe('ACTIVE');
  });

  it('says an automatic end of one hour in the singular', async () => {
    const permit = await permitIn('ACTIVE');
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'default_end_date_limit_hours', value: 1 },
    });

    const automatic = await update(permit.id, { end_ts: '2027-09-01T12:00' });

    expect(automatic.status).toBe(400);
    expect(automatic.body).toEqual({
      end_ts: ['The end cannot be changed: permits on this site end 1 hour after their start.'],
    });
  });

  it('refuses a new expiry that would overlap another permit of the vehicle', async () => {
    const permit = await permitIn('ACTIVE');
    permitOf(
      await resident.create(
        permitPayload({ vrm: permit.vrm, start_ts: londonNow({ days: 4 }), end_ts: null }),
      ),
    );

    const response = await update(permit.id, { end_ts: null });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      non_field_errors: ['A permit for this VRM and time already exists'],
    });
  });

  it("accepts a new expiry that overlaps another resident's permit of the vehicle", async () => {
    const permit = await permitIn('ACTIVE');
    const neighbour = await signedInPermitClient(host.api.url, host.db);
    permitOf(
      await neighbour.create(
        permitPayload({ vrm: permit.vrm, start_ts: londonNow({ days: 4 }), end_ts: null }),
      ),
    );

    const response = await update(permit.id, { end_ts: null });

    expect(response.status).toBe(200);
    expect((await stored(permit.id)).status).toBe('UPDATE_PENDING');
  });

  it.each(
    permitStatuses.filter((status) => !['SCHEDULED', 'ACTIVE', 'UPDATE_FAILED'].includes(status)),
  )('refuses to update a %s permit', async (status) => {
    const permit = await permitIn(status);

    const response = await update(permit.id, { end_ts: null });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      non_field_errors: [`A permit with status ${status} cannot be updated.`],
    });
  });
});

describe('permits that are not the caller’s', () => {
  it.each([
    ['POST', 'activate/'],
    ['POST', 'cancel/'],
    ['PATCH', 'full_update/'],
  ])(
    'answers 404 to %s %s for another resident’s, a missing or a non-numeric id',
    async (method, action) => {
      const neighbour = await signedInPermitClient(host.api.url, host.db);
      const theirs = await permitIn('SCHEDULED', neighbour);
      const send = (id: string) =>
        method === 'POST'
          ? resident.post(`/api/v1/permits/${id}/${action}`)
          : resident.patch(`/api/v1/permits/${id}/${action}`, { end_ts: null });

      const answers = await Promise.all(
        [String(theirs.id), '999999', 'abc', '0', '-1', '99999999999'].map(send),
      );

      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      }
      expect((await stored(theirs.id)).status).toBe('SCHEDULED');
    },
  );

  it('answers 401 without a token', async () => {
    const response = await call(`${host.api.url}/api/v1/permits/1/cancel/`, 'POST');

    expect(response.status).toBe(401);
  });
});
