import { eq, sql } from 'drizzle-orm';
import { permits } from '../../server/db/schema';
import { capPeriod } from '../../server/permits/cap-period';
import { createReconciler, type Reconciler } from '../../server/reconciler/create-reconciler';
import {
  eventually,
  hour,
  insertPermit,
  insertResident,
  withMonthlyActivationCap,
  minute,
  permitReaching,
  readPermit,
  recordingProvider,
  testReconcilerSettings,
  type RecordingProvider,
} from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';

jest.setTimeout(30_000);

const unavailable = 'Failed to sync with parking provider: service is unavailable 503';

let database: TestDatabase;
let recorder: RecordingProvider;
let reconciler: Reconciler;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  recorder = recordingProvider();
  reconciler = createReconciler({
    db: database.db,
    provider: recorder.provider,
    settings: testReconcilerSettings,
  });
});

afterEach(async () => {
  await reconciler.stop();
});

function gapsBetween(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] ?? time));
}

describe('the permit reconciler', () => {
  it('makes a queued permit live at the provider: QUEUED → ACTIVE', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'ACTIVE');
    expect(recorder.callsFor(id).map((call) => call.operation)).toEqual(['create']);
    expect(permit.providerRef).toMatch(new RegExp(`^PRV-${id}-`));
    expect(permit.activatedAt).toBeInstanceOf(Date);
    expect(permit.attempts).toBe(0);
    expect(permit.lastError).toBeNull();
  });

  it('starts a scheduled permit at its start and not before', async () => {
    const resident = await insertResident(database.db);
    const startTs = new Date(Date.now() + 300);
    const id = await insertPermit(database.db, resident, { status: 'SCHEDULED', startTs });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'ACTIVE');
    const calls = recorder.callsFor(id);
    expect(calls.map((call) => call.operation)).toEqual(['create']);
    expect(calls[0]?.at).toBeGreaterThanOrEqual(startTs.getTime());
    expect(permit.startTs).toEqual(startTs);
  });

  it('cancels at the provider with its reference: CANCEL_PENDING → CANCELLED', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, {
      status: 'CANCEL_PENDING',
      providerRef: 'PRV-KNOWN',
    });
    reconciler.start();

    await permitReaching(database.db, id, 'CANCELLED');
    expect(recorder.callsFor(id).map((call) => [call.operation, call.permit.providerRef])).toEqual([
      ['cancel', 'PRV-KNOWN'],
    ]);
  });

  it('cancels a permit the provider never knew without calling it', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'CANCEL_PENDING' });
    reconciler.start();

    await permitReaching(database.db, id, 'CANCELLED');
    expect(recorder.callsFor(id)).toEqual([]);
  });

  it('applies a confirmed end change: UPDATE_PENDING → ACTIVE with the new end', async () => {
    const resident = await insertResident(database.db);
    const newEnd = new Date(Date.now() + 5 * hour);
    const id = await insertPermit(database.db, resident, {
      status: 'UPDATE_PENDING',
      providerRef: 'PRV-UPD',
      pendingEndTs: newEnd,
    });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'ACTIVE');
    expect(permit.endTs).toEqual(newEnd);
    expect(permit.pendingEndTs).toBeNull();
    const [update] = recorder.callsFor(id);
    expect(update?.operation).toBe('update');
    expect(update?.permit.endTs).toEqual(newEnd);
  });

  it('refuses an end change that the vehicle’s next permit took meanwhile: UPDATE_FAILED', async () => {
    const resident = await insertResident(database.db);
    const endTs = new Date(Date.now() + hour);
    const id = await insertPermit(database.db, resident, {
      status: 'UPDATE_PENDING',
      providerRef: 'PRV-OVERLAP',
      endTs,
      pendingEndTs: new Date(Date.now() + 3 * hour),
    });
    const [{ vrm } = { vrm: '' }] = await database.db
      .select({ vrm: permits.vrm })
      .from(permits)
      .where(eq(permits.id, id));
    await insertPermit(database.db, resident, {
      status: 'SCHEDULED',
      vrm,
      startTs: new Date(Date.now() + 2 * hour),
      endTs: new Date(Date.now() + 4 * hour),
    });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'UPDATE_FAILED');
    expect(permit.lastError).toBe('A permit for this VRM and time already exists');
    expect(permit.endTs).toEqual(endTs);
    expect(permit.pendingEndTs).toBeNull();
  });

  it('expires a permit past its end through EXPIRE_PENDING to EXPIRED', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, {
      status: 'ACTIVE',
      providerRef: 'PRV-EXP',
      startTs: new Date(Date.now() - 2 * hour),
      endTs: new Date(Date.now() - 1000),
      activatedAt: new Date(Date.now() - 2 * hour),
    });
    const release = recorder.hold('expire');
    reconciler.start();

    await eventually(async () => recorder.callsFor(id).length === 1);
    expect((await readPermit(database.db, id)).status).toBe('EXPIRE_PENDING');
    release();

    await permitReaching(database.db, id, 'EXPIRED');
    expect(recorder.callsFor(id).map((call) => call.operation)).toEqual(['expire']);
  });

  it('expires an UPDATE_FAILED permit at its end too, so it stops counting against the limit', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, {
      status: 'UPDATE_FAILED',
      providerRef: 'PRV-UFX',
      startTs: new Date(Date.now() - 2 * hour),
      endTs: new Date(Date.now() - 1000),
    });
    reconciler.start();

    await permitReaching(database.db, id, 'EXPIRED');
    expect(recorder.callsFor(id).map((call) => call.operation)).toEqual(['expire']);
  });

  it('ends in FAILED after the attempts run out, backing off longer each time', async () => {
    recorder.script = ({ operation }) => (operation === 'create' ? 'fail' : undefined);
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'FAILED');
    expect(permit.attempts).toBe(testReconcilerSettings.maxAttempts);
    expect(permit.lastError).toBe(unavailable);
    expect(permit.activatedAt).toBeNull();
    const calls = recorder.callsFor(id);
    expect(calls.map((call) => call.operation)).toEqual(['create', 'create', 'create']);
    const [first, second] = gapsBetween(calls.map((call) => call.at));
    // With jitter a wait is at least half its exponential step (reconciler-backoff.test.ts).
    expect(first).toBeGreaterThanOrEqual(testReconcilerSettings.backoffMs / 2 - 2);
    expect(second).toBeGreaterThanOrEqual(testReconcilerSettings.backoffMs - 2);
  });

  it('retries a failed call and succeeds on a later attempt', async () => {
    let failures = 1;
    recorder.script = () => (failures-- > 0 ? 'fail' : 'succeed');
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'ACTIVE');
    expect(recorder.callsFor(id)).toHaveLength(2);
    expect(permit.attempts).toBe(0);
    expect(permit.lastError).toBeNull();
  });

  it('ends in CANCEL_FAILED when the provider keeps refusing the cancel', async () => {
    recorder.script = ({ operation }) => (operation === 'cancel' ? 'fail' : undefined);
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, {
      status: 'CANCEL_PENDING',
      providerRef: 'PRV-CF',
    });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'CANCEL_FAILED');
    expect(recorder.callsFor(id)).toHaveLength(testReconcilerSettings.maxAttempts);
    expect(permit.lastError).toBe(unavailable);
  });

  it('ends in UPDATE_FAILED with the old end kept when the update keeps failing', async () => {
    recorder.script = ({ operation }) => (operation === 'update' ? 'fail' : undefined);
    const resident = await insertResident(database.db);
    const endTs = new Date(Date.now() + hour);
    const id = await insertPermit(database.db, resident, {
      status: 'UPDATE_PENDING',
      providerRef: 'PRV-UF',
      endTs,
      pendingEndTs: new Date(Date.now() + 3 * hour),
    });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'UPDATE_FAILED');
    expect(recorder.callsFor(id)).toHaveLength(testReconcilerSettings.maxAttempts);
    expect(permit.endTs).toEqual(endTs);
    expect(permit.pendingEndTs).toBeNull();
  });

  it('keeps retrying an expiry at the longest backoff until the provider answers', async () => {
    let failing = true;
    recorder.script = ({ operation }) => (operation === 'expire' && failing ? 'fail' : undefined);
    const settings = { ...testReconcilerSettings, backoffMs: 10, maxBackoffMs: 30 };
    // The least jitter: each wait is exactly half the longest backoff.
    reconciler = createReconciler({
      db: database.db,
      provider: recorder.provider,
      settings,
      random: () => 0,
    });
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, {
      status: 'ACTIVE',
      providerRef: 'PRV-EF',
      startTs: new Date(Date.now() - hour),
      endTs: new Date(Date.now() - 1000),
    });
    reconciler.start();

    const waiting = await eventually(async () => {
      const row = await readPermit(database.db, id);
      return row.attempts >= settings.maxAttempts + 2 && !row.leaseExpiresAt ? row : undefined;
    });
    expect(waiting.status).toBe('EXPIRE_PENDING');
    expect(waiting.lastError).toBe(unavailable);
    const [{ wait } = { wait: 0 }] = await database.db
      .select({
        wait: sql<number>`extract(epoch from ${permits.nextAttemptAt} - ${permits.updatedAt}) * 1000`,
      })
      .from(permits)
      .where(eq(permits.id, id));
    expect(Number(wait)).toBe(settings.maxBackoffMs / 2);

    failing = false;
    await permitReaching(database.db, id, 'EXPIRED');
  });

  it('ends in FAILED_LIMIT when the resident is at their permit limit at activation', async () => {
    const resident = await insertResident(database.db, 1);
    await insertPermit(database.db, resident, { status: 'ACTIVE', providerRef: 'PRV-HELD' });
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    reconciler.start();

    const permit = await permitReaching(database.db, id, 'FAILED_LIMIT');
    expect(permit.lastError).toBe('You have reached your permit limit');
    expect(recorder.callsFor(id)).toEqual([]);
  });

  describe('with an activation cap of 1 a month', () => {
    withMonthlyActivationCap(() => database.db, 1);

    it('ends in FAILED_LIMIT when this month’s activation is used up', async () => {
      const resident = await insertResident(database.db);
      await insertPermit(database.db, resident, {
        status: 'CANCELLED',
        activatedAt: new Date(),
        providerRef: 'PRV-USED',
      });
      const id = await insertPermit(database.db, resident, {
        status: 'SCHEDULED',
        startTs: new Date(Date.now() - 1000),
      });
      reconciler.start();

      const permit = await permitReaching(database.db, id, 'FAILED_LIMIT');
      expect(permit.lastError).toBe(
        `You have reached your permit activation cap for ${capPeriod('monthly', new Date()).name}`,
      );
      expect(recorder.callsFor(id)).toEqual([]);
    });

    it('activates exactly one of two permits starting together', async () => {
      const resident = await insertResident(database.db);
      const release = recorder.hold('create');
      const ids = [
        await insertPermit(database.db, resident, { status: 'SCHEDULED' }),
        await insertPermit(database.db, resident, { status: 'SCHEDULED' }),
      ];
      reconciler.start();
      await eventually(async () => recorder.calls.length > 0);
      release();

      const finals = await Promise.all(
        ids.map((id) => permitReaching(database.db, id, 'ACTIVE', 'FAILED_LIMIT')),
      );
      expect(finals.map((permit) => permit.status).sort()).toEqual(['ACTIVE', 'FAILED_LIMIT']);
      expect(recorder.calls.filter((call) => ids.includes(call.permit.id))).toHaveLength(1);
    });
  });

  it('lets a cancel that arrives during the create win, then cancels with the new reference', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    const release = recorder.hold('create');
    reconciler.start();
    await eventually(async () => recorder.callsFor(id).length === 1);

    // What POST /permits/{id}/cancel/ does meanwhile.
    await database.db
      .update(permits)
      .set({ status: 'CANCEL_PENDING', attempts: 0, nextAttemptAt: null, updatedAt: new Date() })
      .where(eq(permits.id, id));
    release();

    const permit = await permitReaching(database.db, id, 'CANCELLED');
    const calls = recorder.callsFor(id);
    expect(calls.map((call) => call.operation)).toEqual(['create', 'cancel']);
    expect(permit.providerRef).toMatch(new RegExp(`^PRV-${id}-`));
    expect(calls[1]?.permit.providerRef).toBe(permit.providerRef);
  });

  it('picks up a permit whose reconciler died mid-call once its lease runs out', async () => {
    const resident = await insertResident(database.db);
    const abandoned = await insertPermit(database.db, resident, {
      status: 'QUEUED',
      leaseExpiresAt: new Date(Date.now() - 1000),
    });
    const heldUntil = new Date(Date.now() + 500);
    const stillHeld = await insertPermit(database.db, resident, {
      status: 'QUEUED',
      leaseExpiresAt: heldUntil,
    });
    reconciler.start();

    await permitReaching(database.db, abandoned, 'ACTIVE');
    await permitReaching(database.db, stillHeld, 'ACTIVE');
    const calls = recorder.callsFor(stillHeld);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.at).toBeGreaterThanOrEqual(heldUntil.getTime());
  });

  it('finishes the calls in flight before stop() resolves', async () => {
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });
    const release = recorder.hold('create');
    reconciler.start();
    await eventually(async () => recorder.callsFor(id).length === 1);

    const stopped = reconciler.stop();
    setTimeout(release, 50);
    await stopped;
    const permit = await readPermit(database.db, id);
    expect(permit.status).toBe('ACTIVE');
    expect(permit.leaseExpiresAt).toBeNull();
  });

  it('starts a round at once on wake() instead of waiting for the next poll', async () => {
    reconciler = createReconciler({
      db: database.db,
      provider: recorder.provider,
      settings: { ...testReconcilerSettings, intervalMs: 60 * minute },
    });
    reconciler.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const resident = await insertResident(database.db);
    const id = await insertPermit(database.db, resident, { status: 'QUEUED' });

    reconciler.wake();
    await permitReaching(database.db, id, 'ACTIVE');
  });
});
