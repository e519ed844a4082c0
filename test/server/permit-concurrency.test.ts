import { DateTime } from 'luxon';
import type { JsonResponse } from '../../scripts/stack/test-api';
import {
  admin,
  permitPayload,
  resetSiteSettings,
  signedInPermitClient,
} from './support/permit-api';
import { describeOnBothDatabases } from './support/database-and-api';

jest.setTimeout(120_000);

function statusesOf(responses: JsonResponse[]): number[] {
  return responses.map((response) => response.status).sort();
}

describeOnBothDatabases('concurrent requests on', (current) => {
  afterEach(() => resetSiteSettings(current().db));

  it('creates exactly one of two simultaneous identical permits', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db);
    const payload = permitPayload();

    const responses = await Promise.all([resident.create(payload), resident.create(payload)]);

    expect(statusesOf(responses)).toEqual([201, 400]);
    expect(responses.find((response) => response.status === 400)?.body).toEqual({
      non_field_errors: ['A permit for this VRM and time already exists'],
    });
    const listed = await resident.get('/api/v1/permits/');
    expect(listed.body).toMatchObject({ count: 1 });
  });

  it('gives a vehicle to each of two residents asking at the same moment, once each', async () => {
    const [first, second] = await Promise.all([
      signedInPermitClient(current().api.url, current().db),
      signedInPermitClient(current().api.url, current().db),
    ]);
    const payload = permitPayload();

    const responses = await Promise.all(
      [first, second, first, second].map((resident) => resident.create(payload)),
    );

    expect(statusesOf(responses)).toEqual([201, 201, 400, 400]);
    for (const resident of [first, second]) {
      expect((await resident.get('/api/v1/permits/')).body).toMatchObject({ count: 1 });
    }
  });

  it('creates exactly 5 of 20 parallel permits against a limit of 5', async () => {
    const resident = await signedInPermitClient(current().api.url, current().db, {
      permitLimit: 5,
    });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => resident.create(permitPayload())),
    );

    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expect(refused).toMatchObject({
        status: 400,
        body: { non_field_errors: ['You have reached your permit limit'] },
      });
    }
    const profile = await resident.get('/api/v1/auth/profile/');
    expect(profile.body).toMatchObject({ active_registrations: 5 });
  });

  it('creates exactly 3 of 12 parallel permits against an activation cap of 3', async () => {
    await admin(current().db, { command: 'cap.set', type: 'quarterly', limit: 3 });
    const resident = await signedInPermitClient(current().api.url, current().db);

    const responses = await Promise.all(
      Array.from({ length: 12 }, () => resident.create(permitPayload())),
    );

    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    const london = DateTime.now().setZone('Europe/London');
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expect(refused).toMatchObject({
        status: 400,
        body: {
          non_field_errors: [
            `You have reached your permit activation cap for Q${london.quarter} ${london.year}`,
          ],
        },
      });
    }
    const capInfo = await resident.get('/api/v1/permits/permit_cap_info/');
    expect(capInfo.body).toMatchObject({ permits_used: 3, permits_remaining: 0 });
  });
});
