import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  visitorPassRules,
  visitorPassUnusableMessage,
  visitorPassWindowMessages,
  type VisitorPass,
} from '../../contract/visitor-pass';
import { testDatabaseAndApi } from './support/database-and-api';
import { call } from '../../scripts/stack/test-api';
import {
  admin,
  londonNow,
  resetSiteSettings,
  signedInPermitClient,
  type PermitClient,
} from './support/permit-api';
import {
  bookingOf,
  createPass,
  listPasses,
  newAddress,
  passPayload,
  readyPassesRefusal,
  seedPassCopies,
  visitor,
} from './support/visitor-pass-api';

jest.setTimeout(60_000);

const host = testDatabaseAndApi();

afterEach(() => resetSiteSettings(host.db));

const passes = '/api/v1/visitor-passes/';
/** The window's refusals, word for word. */
const windowMessages = {
  ...visitorPassWindowMessages,
  tooLong: `A visitor pass can last at most ${visitorPassRules.maxWindowDays} days`,
};

describe('a resident creates a visitor pass', () => {
  let resident: PermitClient;
  beforeAll(async () => {
    resident = await signedInPermitClient(host.api.url, host.db);
  });

  it('answers 201 with the pass, READY, and its token this once', async () => {
    const answer = await resident.post(passes, passPayload({ name: '  Plumber ', uses: 3 }));

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: 'Plumber',
      valid_from: expect.any(String),
      valid_until: expect.any(String),
      uses_allowed: 3,
      uses_left: 3,
      state: 'READY',
      created_at: expect.any(String),
      permit_ids: [],
      token: expect.any(String),
    });
  });

  it('gives each pass a token of at least 128 random bits, base64url, never listed again', async () => {
    const created = await Promise.all(Array.from({ length: 8 }, () => createPass(resident)));
    const tokens = created.map((pass) => pass.token);

    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // 128 bits need 22 base64url characters; the tokens also differ all along their length.
    expect(Math.min(...tokens.map((token) => token.length))).toBeGreaterThanOrEqual(22);
    const listed = JSON.stringify(await listPasses(resident));
    for (const token of tokens) expect(listed).not.toContain(token);
  });

  it('takes one use and no name when they are left out', async () => {
    const { valid_from, valid_until } = passPayload();

    const answer = await resident.post(passes, { valid_from, valid_until });

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: '', uses_allowed: 1, uses_left: 1 });
  });

  it.each([
    ['an end before the start', { valid_until: londonNow({ minutes: -5 }) }, 'endBeforeStart'],
    [
      'an end equal to the start',
      { valid_from: londonNow({ hours: 1 }), valid_until: londonNow({ hours: 1 }) },
      'endBeforeStart',
    ],
    [
      `a window longer than ${visitorPassRules.maxWindowDays} days`,
      { valid_until: londonNow({ days: visitorPassRules.maxWindowDays, minutes: 5 }) },
      'tooLong',
    ],
    [
      'an end already past',
      { valid_from: londonNow({ days: -3 }), valid_until: londonNow({ days: -1 }) },
      'endInPast',
    ],
  ] as const)('refuses %s under valid_until', async (_what, window, message) => {
    const answer = await resident.post(passes, passPayload(window));

    expect(answer).toMatchObject({
      status: 400,
      body: { valid_until: [windowMessages[message]] },
    });
  });

  it(`accepts a window of exactly ${visitorPassRules.maxWindowDays} days`, async () => {
    const from = DateTime.now().setZone('Europe/London').plus({ minutes: 1 }).startOf('second');
    const wallTime = (time: DateTime) => time.toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const window = (days: number, seconds: number) =>
      passPayload({
        valid_from: wallTime(from),
        valid_until: wallTime(from.plus({ days }).plus({ seconds })),
      });

    const answer = await resident.post(passes, window(visitorPassRules.maxWindowDays, 0));
    const longer = await resident.post(passes, window(visitorPassRules.maxWindowDays, 1));

    expect(answer.status).toBe(201);
    expect(longer.body).toEqual({ valid_until: [windowMessages.tooLong] });
  });

  it('refuses fields it cannot read, each under its name, in the permits’ words', async () => {
    const answer = await resident.post(passes, {
      name: 'x'.repeat(visitorPassRules.nameMaxLength + 1),
      valid_from: 'tomorrow',
      uses: 0,
    });

    expect(answer).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          name: [
            `Ensure this field has no more than ${visitorPassRules.nameMaxLength} characters.`,
          ],
          valid_until: ['This field is required.'],
          uses: ['Ensure this value is greater than or equal to 1.'],
        },
      }),
    );
    const unreadable = await resident.post(passes, passPayload({ valid_from: 'tomorrow' }));
    expect(unreadable.body).toEqual({
      valid_from: [
        'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
      ],
    });
    const tooMany = await resident.post(
      passes,
      passPayload({ uses: visitorPassRules.maxUses + 1 }),
    );
    expect(tooMany.body).toEqual({
      uses: [`Ensure this value is less than or equal to ${visitorPassRules.maxUses}.`],
    });
  });

  it('makes one pass of a pass sent again with its key, as last sent, whose new link alone works', async () => {
    const other = await signedInPermitClient(host.api.url, host.db);
    const create_key = randomUUID();
    const first = await createPass(resident, { create_key, name: 'Gran' });

    const again = await createPass(resident, {
      create_key,
      name: 'Granny',
      uses: 3,
      valid_until: londonNow({ days: 3 }),
    });
    const othersOwn = await createPass(other, { create_key });

    // The form may have changed before the resident tried again: the pass is as last sent.
    expect(again).toMatchObject({
      id: first.id,
      name: 'Granny',
      uses_allowed: 3,
      uses_left: 3,
      state: 'READY',
    });
    // Its window too: a day longer than the first try's.
    const days = DateTime.fromISO(again.valid_until).diff(DateTime.fromISO(first.valid_until));
    expect(Math.round(days.as('days'))).toBe(1);
    expect((await listPasses(resident)).find((pass) => pass.id === first.id)).toMatchObject({
      name: 'Granny',
      uses_allowed: 3,
      valid_until: again.valid_until,
    });
    expect(again.token).not.toBe(first.token);
    expect((await listPasses(resident)).filter((pass) => pass.id === first.id)).toHaveLength(1);
    expect(othersOwn.id).not.toBe(first.id);
    const link = (token: string) => visitor(host.api.url, token, newAddress()).invitation();
    expect((await link(first.token)).status).toBe(404);
    expect((await link(again.token)).status).toBe(200);
  });

  it('needs a signed-in resident, as the other resident calls do', async () => {
    const answer = await call(`${host.api.url}${passes}`, 'POST', { body: passPayload() });

    expect(answer).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    expect((await call(`${host.api.url}${passes}`, 'GET')).status).toBe(401);
  });
});

describe('the resident’s list of passes', () => {
  it('lists their own passes only, newest first, with the permits booked on each', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const neighbour = await signedInPermitClient(host.api.url, host.db);
    const first = await createPass(resident, { name: 'First', uses: 2 });
    const second = await createPass(resident, { name: 'Second' });
    await createPass(neighbour, { name: 'Not theirs' });
    const booked = bookingOf(await visitor(host.api.url, first.token, newAddress()).book());

    const listed = await listPasses(resident);

    expect(listed.map((pass) => pass.name)).toEqual(['Second', 'First']);
    const own = await resident.get('/api/v1/permits/');
    const permitId = (own.body as { results: Array<{ id: number; reference_no: string }> })
      .results[0];
    expect(permitId?.reference_no).toBe(booked.reference_no);
    expect(listed[1]).toMatchObject({
      id: first.id,
      uses_allowed: 2,
      uses_left: 1,
      state: 'READY',
      permit_ids: [permitId?.id],
    });
    expect(listed[0]).toMatchObject({ id: second.id, state: 'READY', permit_ids: [] });
  });

  it(`lists every READY pass and the newest ${visitorPassRules.listedEndedPasses} others, saying when older ones are left out`, async () => {
    const listedEnded = visitorPassRules.listedEndedPasses;
    const resident = await signedInPermitClient(host.api.url, host.db);
    const oldest = await createPass(resident, { name: 'Oldest, still ready', uses: 2 });
    bookingOf(await visitor(host.api.url, oldest.token, newAddress()).book());
    await seedPassCopies(host.db, oldest, listedEnded, 'WITHDRAWN');
    const read = async () => {
      const answer = await resident.get(passes);
      expect(answer.status).toBe(200);
      return answer.body as { results: VisitorPass[]; ended_passes_left_out: boolean };
    };

    const allListed = await read();
    expect(allListed.results).toHaveLength(listedEnded + 1);
    expect(allListed.ended_passes_left_out).toBe(false);

    await seedPassCopies(host.db, oldest, 1, 'EXPIRED');
    const bounded = await read();

    expect(bounded.ended_passes_left_out).toBe(true);
    expect(bounded.results).toHaveLength(listedEnded + 1);
    // Newest first: the pass just ended, the withdrawn ones but the oldest, then the READY pass,
    // older than all of them, still listed with the permit booked on it.
    expect(bounded.results[0]?.state).toBe('EXPIRED');
    const withdrawnIds = allListed.results.slice(0, listedEnded).map((pass) => pass.id);
    expect(bounded.results.slice(1, listedEnded).map((pass) => pass.id)).toEqual(
      withdrawnIds.slice(0, listedEnded - 1),
    );
    expect(bounded.results[listedEnded]).toMatchObject({
      id: oldest.id,
      state: 'READY',
      permit_ids: [expect.any(Number)],
    });
  });

  it('shows a pass USED once its last use is booked, and EXPIRED once its window has ended', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const used = await createPass(resident, { name: 'Used' });
    await createPass(resident, { name: 'Ending', valid_until: londonNow({ seconds: 2 }) });
    bookingOf(await visitor(host.api.url, used.token, newAddress()).book());
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const states = Object.fromEntries(
      (await listPasses(resident)).map((pass) => [pass.name, [pass.state, pass.uses_left]]),
    );

    expect(states).toEqual({ Used: ['USED', 0], Ending: ['EXPIRED', 1] });
  });
});

describe('a resident’s READY passes', () => {
  const limit = visitorPassRules.maxReadyPasses;

  it(`refuses a pass beyond ${limit} READY, counting no USED, EXPIRED or WITHDRAWN one`, async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const first = await createPass(resident);
    await seedPassCopies(host.db, first, limit - 2, 'READY');
    for (const state of ['USED', 'EXPIRED', 'WITHDRAWN'] as const) {
      await seedPassCopies(host.db, first, 3, state);
    }
    const create_key = randomUUID();
    const last = await createPass(resident, { create_key });

    const refused = await resident.post(passes, passPayload());

    expect(refused).toMatchObject({ status: 400, body: readyPassesRefusal });
    const listed = await listPasses(resident);
    expect(listed.filter((pass) => pass.state === 'READY')).toHaveLength(limit);
    expect(listed).toHaveLength(limit + 9);
    // The last pass's try sent again makes no new pass: it is answered, not refused.
    expect(await createPass(resident, { create_key })).toMatchObject({ id: last.id });
    // Withdrawing one makes room for one.
    expect((await resident.post(`${passes}${first.id}/withdraw/`)).status).toBe(200);
    await createPass(resident);
    expect(await resident.post(passes, passPayload())).toMatchObject({ status: 400 });
  });
});

describe('withdrawing a pass', () => {
  it('answers the pass WITHDRAWN, and again the same when withdrawn twice', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident);

    const first = await resident.post(`${passes}${pass.id}/withdraw/`);
    const second = await resident.post(`${passes}${pass.id}/withdraw/`);

    expect(first.status).toBe(200);
    // The pass as created, WITHDRAWN, and without its token.
    expect(first.body).toEqual({ ...pass, token: undefined, state: 'WITHDRAWN' });
    expect(first.body).not.toHaveProperty('token');
    expect(second).toMatchObject({ status: 200, body: first.body as VisitorPass });
    expect((await listPasses(resident))[0]).toMatchObject({ id: pass.id, state: 'WITHDRAWN' });
  });

  it('finds no pass of another resident’s, nor one that does not exist', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const neighbour = await signedInPermitClient(host.api.url, host.db);
    const theirs = await createPass(neighbour);

    for (const id of [theirs.id, 2147483000, 'abc']) {
      expect(await resident.post(`${passes}${id}/withdraw/`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    expect((await listPasses(neighbour))[0]).toMatchObject({ state: 'READY' });
  });
});

describe('the invitation a visitor opens', () => {
  it('shows the inviter’s first name, the window and the site’s settings, and nothing else', async () => {
    await admin(host.db, {
      command: 'settings.set',
      setting: { key: 'can_add_reference', value: true },
    });
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident, { name: 'Secret name', uses: 4 });

    const answer = await visitor(host.api.url, pass.token, newAddress()).invitation();

    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({
      inviter_first_name: 'Ada',
      valid_from: pass.valid_from,
      valid_until: pass.valid_until,
      site: {
        can_add_reference: true,
        can_schedule_permits: true,
        default_end_date_limit_hours: 0,
      },
    });
  });

  it('answers the same 404 for a link unknown, used up, expired or withdrawn', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const used = await createPass(resident);
    const expired = await createPass(resident, { valid_until: londonNow({ seconds: 2 }) });
    const withdrawn = await createPass(resident);
    bookingOf(await visitor(host.api.url, used.token, newAddress()).book());
    await resident.post(`${passes}${withdrawn.id}/withdraw/`);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const unknown = 'A'.repeat(used.token.length);

    const answers = await Promise.all(
      [unknown, used.token, expired.token, withdrawn.token, 'short'].map((token) =>
        visitor(host.api.url, token, newAddress()).invitation(),
      ),
    );

    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: visitorPassUnusableMessage });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });

  it('is not found once the council has disabled the resident’s account, nor books', async () => {
    const resident = await signedInPermitClient(host.api.url, host.db);
    const pass = await createPass(resident, { uses: 2 });
    const link = visitor(host.api.url, pass.token, newAddress());
    expect((await link.invitation()).status).toBe(200);

    await admin(host.db, { command: 'user.disable', email: resident.email });

    expect(await link.invitation()).toMatchObject({
      status: 404,
      body: { detail: visitorPassUnusableMessage },
    });
    expect(await link.book()).toMatchObject({
      status: 404,
      body: { detail: visitorPassUnusableMessage },
    });
    await admin(host.db, { command: 'user.enable', email: resident.email });
    expect(await resident.get('/api/v1/permits/')).toMatchObject({ body: { count: 0 } });
  });
});
