import { loadConfig } from '../../server/config';
import {
  accountsCreatedAddressThrottle,
  AttemptThrottle,
  defaultRegistrationsPerAddressPerHour,
} from '../../server/auth/attempt-throttle';
import { passwordHasher } from '../../server/auth/password-hasher';
import { refuseWhenThrottled } from '../../server/http/refuse-when-throttled';
import { hostTexts } from '../../contract/host-texts';
import { openDatabase, type DatabaseConnection } from '../../server/db/database';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import {
  call,
  createInvite,
  customTokenOf,
  registration,
  signInWithCustomToken,
  startTestApi,
  strongPassword,
  type JsonResponse,
  type TestApi,
} from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

interface Hosts {
  /** Several API hosts sharing one database. */
  apis: TestApi[];
  inviteCode: string;
  close(): Promise<void>;
}

/** The API host's own limits: startTestApi's allowance of accounts is a test's. */
const hostLimits = () => ({
  throttles: {
    accountsCreatedAddress: accountsCreatedAddressThrottle(defaultRegistrationsPerAddressPerHour),
  },
});

async function pgliteHost(): Promise<Hosts> {
  const database: TestDatabase = await openTestDatabase();
  const api = await startTestApi(database.db, hostLimits());
  return {
    apis: [api],
    inviteCode: await createInvite(database.db, { uses: null }),
    close: async () => {
      await api.close();
      await database.close();
    },
  };
}

async function postgresHosts(): Promise<Hosts> {
  const postgres: PostgresServer = await startPostgres();
  // Two hosts, each with its own connection pool, as two API processes would have.
  const connections: DatabaseConnection[] = [];
  for (let host = 0; host < 2; host += 1) {
    connections.push(await openDatabase({ databaseUrl: postgres.url }));
  }
  const apis = await Promise.all(
    connections.map((connection) => startTestApi(connection.db, hostLimits())),
  );
  return {
    apis,
    inviteCode: await createInvite(connections[0]!.db, { uses: null }),
    close: async () => {
      await Promise.all(apis.map((api) => api.close()));
      await Promise.all(connections.map((connection) => connection.close()));
      await postgres.stop();
    },
  };
}

let addressNumber = 0;
/** A loopback address of its own: any 127.x.y.z is this machine on Linux. */
function newAddress(): string {
  addressNumber += 1;
  return `127.0.${10 + Math.floor(addressNumber / 250)}.${(addressNumber % 250) + 1}`;
}

function tally(responses: JsonResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

function expectRefusalsWithRetryAfter(responses: JsonResponse[]): void {
  for (const response of responses.filter((each) => each.status === 429)) {
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }
}

describe.each([
  ['PGlite, one host', pgliteHost],
  ['PostgreSQL, two hosts', postgresHosts],
])('throttles under parallel abuse (%s)', (_label, startHosts) => {
  let hosts: Hosts;
  /** The hosts take turns, as a load balancer would share a burst among them. */
  const urlOf = (index: number) => hosts.apis[index % hosts.apis.length]!.url;

  beforeAll(async () => {
    hosts = await startHosts();
  });

  afterAll(async () => {
    await hosts?.close();
  });

  async function registeredResident() {
    const details = registration(hosts.inviteCode);
    const response = await call(`${urlOf(0)}/api/v1/auth/register/`, 'POST', {
      body: details,
      from: newAddress(),
    });
    return { ...details, idToken: await signInWithCustomToken(customTokenOf(response.body)) };
  }

  const burst = (count: number, send: (index: number) => Promise<JsonResponse>) =>
    Promise.all(Array.from({ length: count }, (_unused, index) => send(index)));

  it('after 20 parallel wrong passwords for one account from 20 addresses, refuses each of them again, but signs the resident in from a fresh one', async () => {
    const resident = await registeredResident();
    const addresses = Array.from({ length: 20 }, () => newAddress());
    const guess = (index: number, password: string) =>
      call(`${urlOf(index)}/api/v1/auth/login/`, 'POST', {
        body: { email: resident.email, password },
        from: addresses[index],
      });

    // Each address's first attempt is checked, whatever the account's count.
    const first = await burst(20, (index) => guess(index, `Wrong-Password-${index}`));
    const again = await burst(20, (index) => guess(index, `Wrong-Again-${index}`));

    expect(tally(first)).toEqual({ 401: 20 });
    expect(tally(again)).toEqual({ 429: 20 });
    expectRefusalsWithRetryAfter(again);
    const rightPassword = await call(`${urlOf(1)}/api/v1/auth/login/`, 'POST', {
      body: { email: resident.email, password: strongPassword },
      from: newAddress(),
    });
    expect(rightPassword.status).toBe(200);
  });

  it('answers at most 5 of 20 parallel wrong passwords from one address', async () => {
    const address = newAddress();
    const residents = await Promise.all([1, 2, 3, 4].map(() => registeredResident()));

    const responses = await burst(20, (index) =>
      call(`${urlOf(index)}/api/v1/auth/login/`, 'POST', {
        body: { email: residents[index % 4]!.email, password: `Wrong-Password-${index}` },
        from: address,
      }),
    );

    expect(tally(responses)).toEqual({ 401: 5, 429: 15 });
    expectRefusalsWithRetryAfter(responses);
  });

  it('answers at most 10 of 20 parallel registrations with bad invite codes from one address', async () => {
    const address = newAddress();

    const responses = await burst(20, (index) =>
      call(`${urlOf(index)}/api/v1/auth/register/`, 'POST', {
        body: registration(`GUESS-${index}`),
        from: address,
      }),
    );

    expect(tally(responses)).toEqual({ 400: 10, 429: 10 });
    expectRefusalsWithRetryAfter(responses);
  });

  it('creates at most 20 accounts an hour from one address, however good the invite code, and still registers from another', async () => {
    const address = newAddress();
    // A refused registration makes no account, and uses none of the address's allowance.
    const refused = await call(`${urlOf(0)}/api/v1/auth/register/`, 'POST', {
      body: registration('NO-SUCH-CODE'),
      from: address,
    });
    expect(refused.status).toBe(400);

    // One after another, as a script would: each account made gives back its registration
    // attempt, so the count of attempts never stops them (the test above).
    const responses: JsonResponse[] = [];
    for (let index = 0; index < 25; index += 1) {
      responses.push(
        await call(`${urlOf(index)}/api/v1/auth/register/`, 'POST', {
          body: registration(hosts.inviteCode),
          from: address,
        }),
      );
    }

    expect(responses.map((response) => response.status)).toEqual([
      ...Array<number>(20).fill(201),
      ...Array<number>(5).fill(429),
    ]);
    expectRefusalsWithRetryAfter(responses);
    for (const response of responses.filter((each) => each.status === 429)) {
      expect(response.body).toEqual({
        detail: expect.stringMatching(
          /^Too many registration attempts\. Try again in \d+ seconds?\.$/,
        ),
      });
    }
    const elsewhere = await call(`${urlOf(1)}/api/v1/auth/register/`, 'POST', {
      body: registration(hosts.inviteCode),
      from: newAddress(),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('answers at most 10 of 20 parallel reset requests from one address', async () => {
    const address = newAddress();

    const responses = await burst(20, (index) =>
      call(`${urlOf(index)}/api/v1/auth/password-reset/`, 'POST', {
        body: { email: `nobody-${index}-${address}@kerbside.test` },
        from: address,
      }),
    );

    expect(tally(responses)).toEqual({ 200: 10, 429: 10 });
    expectRefusalsWithRetryAfter(responses);
  });

  it('answers at most 10 of 20 parallel refused reset links from one address', async () => {
    const address = newAddress();

    const responses = await burst(20, (index) =>
      call(`${urlOf(index)}/api/v1/auth/password-reset-confirm/`, 'POST', {
        body: {
          uid: '00000000-0000-4000-8000-00000000000' + (index % 4),
          token: `guess-${index}`,
          password: 'Reset-Password-7',
        },
        from: address,
      }),
    );

    expect(tally(responses)).toEqual({ 400: 10, 429: 10 });
    expectRefusalsWithRetryAfter(responses);
  });

  it('answers at most 5 of 20 parallel wrong current passwords of one resident', async () => {
    const resident = await registeredResident();

    const responses = await burst(20, (index) =>
      call(`${urlOf(index)}/api/v1/auth/change-password/`, 'POST', {
        body: { current_password: `Wrong-Password-${index}`, new_password: 'Changed-Password-9' },
        headers: { authorization: `Bearer ${resident.idToken}` },
        from: newAddress(),
      }),
    );

    expect(tally(responses)).toEqual({ 400: 5, 429: 15 });
    expectRefusalsWithRetryAfter(responses);
  });
});

describe('X-Forwarded-For names the client only when TRUST_PROXY says so', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Six wrong passwords from one connecting address, each naming another in the header. */
  async function wrongPasswordsWithForgedAddresses(
    api: TestApi,
    forwardedFor = (attempt: number) => `203.0.113.${attempt}`,
  ): Promise<number[]> {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: `someone-${address}-${attempt}@kerbside.test`, password: 'Wrong-1' },
        headers: { 'x-forwarded-for': forwardedFor(attempt) },
        from: address,
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it('by default counts the connecting address, whatever the header says', async () => {
    const api = await startTestApi(database.db);
    try {
      expect(await wrongPasswordsWithForgedAddresses(api)).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await api.close();
    }
  });

  it('counts an IPv6 client by its /64, the block any of whose addresses one machine may use', async () => {
    const api = await startTestApi(database.db, {
      trustProxy: ['127.0.0.0/8'],
      throttles: {
        loginAddress: new AttemptThrottle({ name: 'ipv6-blocks', limit: 5, windowMs: 60_000 }),
      },
    });
    const wrongPasswordFrom = async (forwarded: string) =>
      (
        await call(`${api.url}/api/v1/auth/login/`, 'POST', {
          body: { email: 'someone-ipv6@kerbside.test', password: 'Wrong-1' },
          headers: { 'x-forwarded-for': forwarded },
          from: newAddress(),
        })
      ).status;
    try {
      const oneBlock = [];
      for (let host = 1; host <= 6; host += 1)
        oneBlock.push(await wrongPasswordFrom(`2001:db8:0:1::${host}`));
      expect(oneBlock).toEqual([401, 401, 401, 401, 401, 429]);
      // Another /64 is another customer; an IPv4-mapped address is its IPv4 address.
      expect(await wrongPasswordFrom('2001:db8:0:2::1')).toBe(401);
      for (let attempt = 0; attempt < 5; attempt += 1) await wrongPasswordFrom('198.51.100.7');
      expect(await wrongPasswordFrom('::ffff:198.51.100.7')).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('behind one proxy that adds to the header, TRUST_PROXY=1 counts what the proxy saw, not what the client wrote', async () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    const api = await startTestApi(database.db, {
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      throttles: {
        loginAddress: new AttemptThrottle({ name: 'one-proxy', limit: 5, windowMs: 60_000 }),
      },
    });
    try {
      // What nginx's $proxy_add_x_forwarded_for makes: the client's header, then its address.
      const behindProxy = (attempt: number) => `203.0.113.${attempt}, 198.51.100.7`;
      expect(await wrongPasswordsWithForgedAddresses(api, behindProxy)).toEqual([
        401, 401, 401, 401, 401, 429,
      ]);
      // Through another connection (the proxy's next), the client the proxy saw is still refused.
      const again = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: 'someone-else-behind-proxy@kerbside.test', password: 'Wrong-1' },
        headers: { 'x-forwarded-for': behindProxy(99) },
        from: newAddress(),
      });
      expect(again.status).toBe(429);
    } finally {
      await api.close();
    }
  });

  it('behind a trusted proxy counts the forwarded address', async () => {
    const api = await startTestApi(database.db, {
      trustProxy: ['127.0.0.0/8'],
      throttles: {
        loginAddress: new AttemptThrottle({ name: 'behind-proxy', limit: 5, windowMs: 60_000 }),
      },
    });
    try {
      expect(await wrongPasswordsWithForgedAddresses(api)).toEqual([401, 401, 401, 401, 401, 401]);
    } finally {
      await api.close();
    }
  });
});

describe('cheap checks come before any password hash', () => {
  let database: TestDatabase;
  let api: TestApi;
  let inviteCode: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await startTestApi(database.db);
    inviteCode = await createInvite(database.db, { uses: 1 });
    // Spend the code's one use.
    await call(`${api.url}/api/v1/auth/register/`, 'POST', {
      body: registration(inviteCode),
      from: newAddress(),
    });
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it.each([
    ['a registration with an unknown invite code', 'register/', () => registration('NO-SUCH-CODE')],
    ['a registration with a used-up invite code', 'register/', () => registration(inviteCode)],
    [
      'a reset with a link that is no good',
      'password-reset-confirm/',
      () => ({
        uid: '00000000-0000-4000-8000-000000000000',
        token: 'guess',
        password: 'Reset-Password-7',
      }),
    ],
  ])('hashes nothing for %s', async (_label, path, body) => {
    const hash = jest.spyOn(passwordHasher, 'hash');

    const response = await call(`${api.url}/api/v1/auth/${path}`, 'POST', {
      body: body(),
      from: newAddress(),
    });

    expect(response.status).toBe(400);
    expect(hash).not.toHaveBeenCalled();
  });

  it('hashes nothing for a throttled sign-in', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await call(`${api.url}/api/v1/auth/login/`, 'POST', {
        body: { email: `someone-${attempt}@kerbside.test`, password: 'Wrong-1' },
        from: address,
      });
    }
    const verify = jest.spyOn(passwordHasher, 'verify');
    const reject = jest.spyOn(passwordHasher, 'reject');

    const response = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
      body: { email: 'someone-else@kerbside.test', password: 'Wrong-1' },
      from: address,
    });

    expect(response.status).toBe(429);
    expect(verify).not.toHaveBeenCalled();
    expect(reject).not.toHaveBeenCalled();
  });
});

describe('a refusal with a second of its window left', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('asks the caller to try again in 1 second, in the singular', async () => {
    const throttle = new AttemptThrottle({ name: 'one-second', limit: 1, windowMs: 900 });
    const refuse = () =>
      refuseWhenThrottled(database.db, throttle, 'one key', hostTexts.tooManyLogins);

    await expect(refuse()).resolves.toBe(1);
    await expect(refuse()).rejects.toMatchObject({
      statusCode: 429,
      body: { detail: 'Too many failed login attempts. Try again in 1 second.' },
      headers: { 'retry-after': '1' },
    });
  });
});
