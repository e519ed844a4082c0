import { eq, sql } from 'drizzle-orm';
import { permits } from '../../server/db/schema';
import { permitStatuses } from '../../contract/permit-status';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';
import {
  permitOf,
  permitPayload,
  signedInPermitClient,
  type PermitBody,
  type PermitClient,
  type PermitPage,
} from './support/permit-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();

const list = (client: PermitClient, query = '') => client.get(`/api/v1/permits/${query}`);

/** A page of the list; `query` may also be a whole URL, such as a page's next link. */
async function pageOf(client: PermitClient, query = ''): Promise<PermitPage> {
  const response = await (query.startsWith('http') ? client.get(query) : list(client, query));
  if (response.status !== 200) {
    throw new Error(`List answered ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as PermitPage;
}

async function backdate(id: number, createdAt: string): Promise<void> {
  await host.db
    .update(permits)
    .set({ createdAt: sql`${createdAt}::timestamptz` })
    .where(eq(permits.id, id));
}

describe('GET /api/v1/permits/ pages', () => {
  let resident: PermitClient;
  let created: PermitBody[];

  beforeAll(async () => {
    resident = await signedInPermitClient(host.api.url, host.db);
    created = [];
    for (let index = 0; index < 45; index += 1) {
      created.push(permitOf(await resident.create(permitPayload({ end_ts: null }))));
    }
  });

  it('answers 20 a page, newest first, with absolute next and previous links', async () => {
    const first = await pageOf(resident);
    const second = await pageOf(resident, '?page=2');
    const third = await pageOf(resident, '?page=3');

    const newestFirst = [...created].reverse().map((permit) => permit.id);
    expect(first.count).toBe(45);
    expect(first.results.map((permit) => permit.id)).toEqual(newestFirst.slice(0, 20));
    expect(second.results.map((permit) => permit.id)).toEqual(newestFirst.slice(20, 40));
    expect(third.results.map((permit) => permit.id)).toEqual(newestFirst.slice(40));
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${host.api.url}/api/v1/permits/?page=2`);
    expect(second.previous).toBe(`${host.api.url}/api/v1/permits/`);
    expect(second.next).toBe(`${host.api.url}/api/v1/permits/?page=3`);
    expect(third.previous).toBe(`${host.api.url}/api/v1/permits/?page=2`);
    expect(third.next).toBeNull();
    expect(third.results[0]).toEqual(created[4]);
  });

  it('keeps the filters in the links, and follows them', async () => {
    const first = await pageOf(resident, '?status=QUEUED&search=ford');
    const followed = await pageOf(resident, first.next ?? '');

    expect(first.next).toBe(`${host.api.url}/api/v1/permits/?status=QUEUED&search=ford&page=2`);
    expect(followed.previous).toBe(`${host.api.url}/api/v1/permits/?status=QUEUED&search=ford`);
  });

  it("counts a search's matches on every page of it, the last page too", async () => {
    const pages = await Promise.all(
      ['?search=ford', '?search=ford&page=2', '?search=ford&page=3'].map((query) =>
        pageOf(resident, query),
      ),
    );

    expect(pages.map((page) => [page.count, page.results.length])).toEqual([
      [45, 20],
      [45, 20],
      [45, 5],
    ]);
    expect(pages.flatMap((page) => page.results.map((permit) => permit.id))).toEqual(
      [...created].reverse().map((permit) => permit.id),
    );
  });

  it.each(['?page=4', '?page=0', '?page=abc', '?page=-1'])(
    'answers 404 "Invalid page." to %s',
    async (query) => {
      const response = await list(resident, query);

      expect(response).toMatchObject({ status: 404, body: { detail: 'Invalid page.' } });
    },
  );

  it('shows a resident only their own permits', async () => {
    const newcomer = await signedInPermitClient(host.api.url, host.db);

    expect(await pageOf(newcomer)).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('answers 401 without a token', async () => {
    const response = await call(`${host.api.url}/api/v1/permits/`, 'GET');

    expect(response.status).toBe(401);
  });
});

describe('GET /api/v1/permits/ filters', () => {
  let resident: PermitClient;
  let fiesta: PermitBody;
  let golf: PermitBody;
  let tesla: PermitBody;

  beforeAll(async () => {
    resident = await signedInPermitClient(host.api.url, host.db);
    fiesta = permitOf(
      await resident.create(
        permitPayload({
          vrm: 'AB12 CDE',
          make: 'Ford',
          model: 'Fiesta',
          colour: 'Silver',
          driver_first: 'Margaret',
          driver_last: 'Hamilton',
        }),
      ),
    );
    golf = permitOf(
      await resident.create(
        permitPayload({
          vrm: 'XY99ZZZ',
          make: 'Volkswagen',
          model: 'Golf',
          colour: 'Racing Green',
          driver_first: 'Katherine',
          driver_last: 'Johnson',
          start_ts: '2027-05-01T09:00',
          end_ts: null,
        }),
      ),
    );
    tesla = permitOf(
      await resident.create(
        permitPayload({
          vrm: 'EV70 LTD',
          make: 'Tesla',
          model: 'Model 3',
          colour: '',
          driver_first: '',
          driver_last: '',
        }),
      ),
    );
    await host.db.update(permits).set({ status: 'ACTIVE' }).where(eq(permits.id, tesla.id));
    await backdate(fiesta.id, '2026-03-10T12:00:00Z');
    // 00:30 on 1 June in London (BST) is still 31 May in UTC.
    await backdate(golf.id, '2026-05-31T23:30:00Z');
    // 00:30:30 on 2 June in London: half a minute into 00:30.
    await backdate(tesla.id, '2026-06-01T23:30:30Z');
  });

  const idsOf = async (query: string) =>
    (await pageOf(resident, query)).results.map((permit) => permit.id);

  it.each([
    ['the registration, ignoring spaces and case', 'b12c', () => [fiesta.id]],
    ['the registration typed with spaces', 'ev70 l', () => [tesla.id]],
    ['the first name of the driver', 'MARGA', () => [fiesta.id]],
    ['the last name of the driver', 'johns', () => [golf.id]],
    ['the reference number', '', () => [golf.id]],
    ['the make', 'volks', () => [golf.id]],
    ['the model', 'odel 3', () => [tesla.id]],
    ['the colour', 'racing', () => [golf.id]],
    ['a wildcard character taken literally', '%', () => []],
  ])('searches %s', async (_field, term, expected) => {
    const search = term === '' ? golf.reference_no.slice(3).toLowerCase() : term;

    expect(await idsOf(`?search=${encodeURIComponent(search)}`)).toEqual(expected());
  });

  it('filters by one or several statuses', async () => {
    expect(await idsOf('?status=ACTIVE')).toEqual([tesla.id]);
    expect(await idsOf('?status=SCHEDULED&status=ACTIVE')).toEqual([tesla.id, golf.id]);
    expect(await idsOf('?status=EXPIRED')).toEqual([]);
  });

  it('lists every permit when every status is chosen, as My Permits asks by default', async () => {
    const everyStatus = permitStatuses.map((status) => `status=${status}`).join('&');

    expect(await idsOf(`?${everyStatus}`)).toEqual([tesla.id, golf.id, fiesta.id]);
    expect(await idsOf(`?${everyStatus}&search=volks`)).toEqual([golf.id]);
    // My Permits' first request: every status and one London day, 00:00 to 23:59.
    const oneDay = await pageOf(
      resident,
      `?${everyStatus}&start_date=2026-06-01T00:00&end_date=2026-06-01T23:59`,
    );
    expect({ count: oneDay.count, ids: oneDay.results.map((permit) => permit.id) }).toEqual({
      count: 1,
      ids: [golf.id],
    });
    // Eleven of the twelve is still a condition.
    const allButActive = permitStatuses.filter((status) => status !== 'ACTIVE');
    expect(await idsOf(`?${allButActive.map((status) => `status=${status}`).join('&')}`)).toEqual([
      golf.id,
      fiesta.id,
    ]);
  });

  it('answers 400 to an unknown status', async () => {
    const response = await list(resident, '?status=ACTIVE&status=PARKED');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: ['Select a valid choice. PARKED is not one of the available choices.'],
    });
  });

  it('filters by creation date in London, a date-only end including its whole day', async () => {
    expect(await idsOf('?start_date=2026-06-01&end_date=2026-06-01')).toEqual([golf.id]);
    expect(await idsOf('?start_date=2026-06-02')).toEqual([tesla.id]);
    expect(await idsOf('?end_date=2026-05-31')).toEqual([fiesta.id]);
    expect(await idsOf('?start_date=2026-03-10T12:00:00Z&end_date=2026-06-01T00:30')).toEqual([
      golf.id,
      fiesta.id,
    ]);
  });

  it('reads an end given to the minute as the whole of that minute', async () => {
    expect(await idsOf('?start_date=2026-06-02&end_date=2026-06-02T00:30')).toEqual([tesla.id]);
    expect(await idsOf('?start_date=2026-06-02&end_date=2026-06-02T00:29')).toEqual([]);
  });

  it('answers 400 to an unreadable date', async () => {
    const response = await list(resident, '?start_date=yesterday&end_date=2026-02-30');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      start_date: ['Enter a valid date or date-time (YYYY-MM-DD or YYYY-MM-DDThh:mm).'],
      end_date: ['Enter a valid date or date-time (YYYY-MM-DD or YYYY-MM-DDThh:mm).'],
    });
  });
});
