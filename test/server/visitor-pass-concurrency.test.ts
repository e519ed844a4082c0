import { randomUUID } from 'node:crypto';
import {
  inviterHasNoPermitsLeftMessage,
  visitorPassRules,
  visitorPassUnusableMessage,
} from '../../contract/visitor-pass';
import type { JsonResponse } from '../../scripts/stack/test-api';
import { describeOnBothDatabases } from './support/database-and-api';
import {
  permitPayload,
  signedInPermitClient,
  type PermitClient,
  type PermitPage,
} from './support/permit-api';
import {
  bookingPayload,
  createPass,
  listPasses,
  newAddress,
  passPayload,
  readyPassesRefusal,
  seedPassCopies,
  visitor,
} from './support/visitor-pass-api';

jest.setTimeout(120_000);

function tally(responses: JsonResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

async function permitCount(resident: PermitClient): Promise<number> {
  return ((await resident.get('/api/v1/permits/')).body as PermitPage).count;
}

/**
 * The same guarantees on both databases: the pass's row is locked, its use taken and the permit
 * written in one transaction, so no number of simultaneous visitors books more than it allows.
 */
describeOnBothDatabases('simultaneous bookings on', (current) => {
  it('twenty visitors at once on a single-use link make exactly one permit', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const pass = await createPass(resident);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor(current().api.url, pass.token, newAddress()).book()),
    );

    expect(tally(answers)).toEqual({ 201: 1, 404: 19 });
    for (const refused of answers.filter((answer) => answer.status === 404)) {
      expect(refused.body).toEqual({ detail: visitorPassUnusableMessage });
    }
    expect(await permitCount(resident)).toBe(1);
    expect((await listPasses(resident))[0]).toMatchObject({
      uses_left: 0,
      state: 'USED',
      permit_ids: [expect.any(Number)],
    });
  });

  it('two taps of one visitor on a single-use link make one permit', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const pass = await createPass(resident);
    const link = visitor(current().api.url, pass.token, newAddress());
    const payload = bookingPayload();

    const answers = await Promise.all([link.book(payload), link.book(payload)]);

    expect(tally(answers)).toEqual({ 201: 1, 404: 1 });
    expect(await permitCount(resident)).toBe(1);
  });

  it('one booking sent twice at once with its key makes one permit, and both answers name it', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const pass = await createPass(resident, { uses: 3 });
    const link = visitor(current().api.url, pass.token, newAddress());
    const payload = bookingPayload({ booking_key: randomUUID() });

    const answers = await Promise.all([link.book(payload), link.book(payload)]);

    expect(tally(answers)).toEqual({ 200: 1, 201: 1 });
    const [first, second] = answers.map((answer) => answer.body as { reference_no: string });
    expect(first?.reference_no).toBe(second?.reference_no);
    expect(await permitCount(resident)).toBe(1);
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 2 });
  });

  it('one new pass sent twice at once with its key makes one pass', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const create_key = randomUUID();

    const answers = await Promise.all([
      resident.post('/api/v1/visitor-passes/', passPayload({ create_key })),
      resident.post('/api/v1/visitor-passes/', passPayload({ create_key })),
    ]);

    expect(tally(answers)).toEqual({ 201: 2 });
    expect(await listPasses(resident)).toHaveLength(1);
  });

  it('twenty new passes at once with room for five make five, the rest refused', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const limit = visitorPassRules.maxReadyPasses;
    await seedPassCopies(current().db, await createPass(resident), limit - 6, 'READY');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => resident.post('/api/v1/visitor-passes/', passPayload())),
    );

    expect(tally(answers)).toEqual({ 201: 5, 400: 15 });
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body).toEqual(readyPassesRefusal);
    }
    expect(await listPasses(resident)).toHaveLength(limit);
  });

  it('twenty visitors at once on a three-use link make at most three permits', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const pass = await createPass(resident, { uses: 3 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor(current().api.url, pass.token, newAddress()).book()),
    );

    expect(tally(answers)).toEqual({ 201: 3, 404: 17 });
    expect(await permitCount(resident)).toBe(3);
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 0, state: 'USED' });
  });

  it('visitors and the resident at once never take the resident past their limit', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db, {
      permitLimit: 3,
    });
    const pass = await createPass(resident, { uses: 10 });

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        visitor(current().api.url, pass.token, newAddress()).book(),
      ),
      ...Array.from({ length: 5 }, () => resident.create(permitPayload())),
    ]);

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const visitorsRefused = answers.slice(0, 10).filter((answer) => answer.status !== 201);
    for (const refused of visitorsRefused) {
      expect(refused).toMatchObject({
        status: 400,
        body: { non_field_errors: [inviterHasNoPermitsLeftMessage] },
      });
    }
    expect(await permitCount(resident)).toBe(3);
    const booked = answers.slice(0, 10).filter((answer) => answer.status === 201).length;
    expect((await listPasses(resident))[0]).toMatchObject({ uses_left: 10 - booked });
  });
});
