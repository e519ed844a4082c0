import { rmSync } from 'node:fs';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { createFirebaseIdentity } from '../../server/identity/firebase-identity';
import { startApi } from '../../server/start-api';
import { startApiProcess } from './support/api-process';
import { openTestDatabase, temporaryDataDir, type TestDatabase } from './support/test-database';
import {
  call,
  emulatorHost,
  startTestApi,
  webOrigin,
  type TestApi,
} from '../../scripts/stack/test-api';

jest.setTimeout(60_000);

const realProject = 'kerbside-council';
const afterCleanups: string[] = [];
afterAll(() => {
  for (const dataDir of afterCleanups) rmSync(dataDir, { recursive: true, force: true });
});

describe('emulator mode is only for a demo- project on loopback', () => {
  it.each([
    [
      'a real project',
      { FIREBASE_PROJECT_ID: realProject, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    ],
    [
      'an emulator elsewhere',
      { FIREBASE_PROJECT_ID: 'demo-kerbside', FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099' },
    ],
  ])(
    'refuses the configuration for %s, naming FIREBASE_AUTH_EMULATOR_HOST',
    (_label, environment) => {
      expect(() => loadConfig(environment)).toThrow(
        /^Refusing to start: FIREBASE_AUTH_EMULATOR_HOST=/,
      );
    },
  );

  it('accepts a demo- project with the emulator on localhost or 127.x, and no emulator at all', () => {
    const local = loadConfig({
      FIREBASE_PROJECT_ID: 'demo-x',
      FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
    });
    const verified = loadConfig({ FIREBASE_PROJECT_ID: realProject });

    expect(local.identityMode).toEqual({ kind: 'emulator', host: 'localhost:9099' });
    expect(verified.identityMode).toEqual({ kind: 'verified' });
  });

  it('startApi refuses an emulator for a real project before opening anything', async () => {
    const dataDir = temporaryDataDir();
    afterCleanups.push(dataDir);

    await expect(
      startApi({
        webOrigin,
        dataDir,
        authEmulatorHost: emulatorHost(),
        projectId: realProject,
        reconciler: false,
      }),
    ).rejects.toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST=.* "kerbside-council" does not start with "demo-"/,
    );
  });

  const dataDirForProcess = temporaryDataDir();
  afterCleanups.push(dataDirForProcess);

  it('`npm run api` with the emulator set for a real project exits at once, saying why', async () => {
    const host = startApiProcess({
      FIREBASE_PROJECT_ID: realProject,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DATA_DIR: dataDirForProcess,
      API_PORT: '0',
    });

    const { code, output } = await host.exited;

    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: FIREBASE_AUTH_EMULATOR_HOST=');
    expect(output).not.toContain('Kerbside API host on');
  });
});

/**
 * Stands in for Google's published signing keys: firebase-admin's real verifier fetches them
 * through the app's `httpAgent`, which here connects to a local server instead of googleapis.com.
 */
async function localKeyServer(
  keys: Record<string, string>,
): Promise<{ agent: Agent; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
    response.end(JSON.stringify(keys));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent();
  // The key URL is https; this agent answers for it with the local server, in plain HTTP.
  Object.assign(agent, { protocol: 'https:', createConnection: () => connect(port, '127.0.0.1') });
  return { agent, server };
}

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function idToken(options: {
  uid: string;
  alg: 'RS256' | 'none';
  kid: string;
  privateKey?: string;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: options.alg, kid: options.kid, typ: 'JWT' });
  const payload = base64url({
    iss: `https://securetoken.google.com/${realProject}`,
    aud: realProject,
    auth_time: now,
    user_id: options.uid,
    sub: options.uid,
    iat: now,
    exp: now + 3600,
  });
  if (!options.privateKey) return `${header}.${payload}.`;
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(options.privateKey);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

describe('outside emulator mode, only tokens signed with the published keys are accepted', () => {
  const keyPair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const published = keyPair();
  const forger = keyPair();
  const kid = 'published-key';
  let keyServer: { agent: Agent; server: Server };
  let database: TestDatabase;
  let api: TestApi;
  let residentId: string;
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;

  beforeAll(async () => {
    // firebase-admin reads this on every verification: without it, it is in production mode.
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    keyServer = await localKeyServer({ [kid]: published.publicKey });
    database = await openTestDatabase();
    const [resident] = await database.db
      .insert(users)
      .values({
        email: `verified-${randomUUID()}@kerbside.test`,
        firstName: 'Grace',
        lastName: 'Hopper',
        passwordHash: 'unused',
        permitLimit: 2,
      })
      .returning({ id: users.id });
    residentId = resident!.id;
    api = await startTestApi(database.db, {
      identity: createFirebaseIdentity({ projectId: realProject, httpAgent: keyServer.agent }),
    });
  });

  afterAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    await api?.close();
    await database?.close();
    keyServer?.server.close();
  });

  const profileWith = (token: string) =>
    call(`${api.url}/api/v1/auth/profile/`, 'GET', {
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a token signed with a published key', async () => {
    const response = await profileWith(
      idToken({ uid: residentId, alg: 'RS256', kid, privateKey: published.privateKey }),
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ first_name: 'Grace' });
  });

  it.each([
    ['an unsigned (alg: none) token', () => idToken({ uid: residentId, alg: 'none', kid })],
    [
      'a token signed with another key under the published key id',
      () => idToken({ uid: residentId, alg: 'RS256', kid, privateKey: forger.privateKey }),
    ],
    [
      'a token signed with a key id nobody published',
      () => idToken({ uid: residentId, alg: 'RS256', kid: 'other', privateKey: forger.privateKey }),
    ],
  ])('refuses %s with 401', async (_label, makeToken) => {
    const response = await profileWith(makeToken());

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid or expired token.' });
  });
});
