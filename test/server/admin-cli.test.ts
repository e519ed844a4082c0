import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { adminEndpointPath, adminSecretHeader } from '../../server/admin/dispatch-admin-command';
import { startApi, type RunningApi } from '../../server/start-api';
import { adminCommandLine, type AdminRun } from '../support/admin-command-line';
import { temporaryDataDir } from './support/test-database';
import {
  call,
  customTokenOf,
  emulatorHost,
  projectId,
  registration,
  signInWithCustomToken,
  strongPassword,
  webOrigin,
} from '../../scripts/stack/test-api';

jest.setTimeout(120_000);

const repositoryRoot = path.resolve(__dirname, '../..');
const tsx = path.join(repositoryRoot, 'node_modules/.bin/tsx');

/** `npm run admin -- …` as an operator runs it: a separate process against DATA_DIR. */
function adminProcess(dataDir: string, ...args: string[]): Promise<AdminRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['server/cli/admin.ts', ...args], { cwd: repositoryRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

function startTestApi(dataDir: string): Promise<RunningApi> {
  return startApi({
    port: 0,
    dataDir,
    webOrigin,
    authEmulatorHost: emulatorHost(),
    projectId: projectId(),
  });
}

async function register(api: RunningApi, inviteCode: string) {
  const details = registration(inviteCode);
  const response = await call(`${api.url}/api/v1/auth/register/`, 'POST', { body: details });
  return { details, response };
}

async function profileOf(api: RunningApi, email: string) {
  const login = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
    body: { email, password: strongPassword },
  });
  if (login.status !== 200) return login;
  const idToken = await signInWithCustomToken(customTokenOf(login.body));
  return call(`${api.url}/api/v1/auth/profile/`, 'GET', {
    headers: { authorization: `Bearer ${idToken}` },
  });
}

const siteSettings = async (api: RunningApi) =>
  (await call(`${api.url}/api/v1/site-settings/`, 'GET')).body;

let dataDir: string;
let api: RunningApi | undefined;

beforeAll(async () => {
  dataDir = temporaryDataDir();
  api = await startTestApi(dataDir);
});

afterAll(async () => {
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runningApi(): RunningApi {
  if (!api) throw new Error('The API host is not running.');
  return api;
}

describe('npm run admin, while the API host holds the database', () => {
  it('creates an invite code whose uses and permit limit registration honours', async () => {
    const run = await adminProcess(
      dataDir,
      'invite',
      'create',
      '--code',
      'cli-live',
      '--uses',
      '1',
      '--permit-limit',
      '6',
    );

    expect(run).toMatchObject({
      code: 0,
      stdout: 'Invite code CLI-LIVE created: 1 use(s), permit limit 6.',
    });
    const first = await register(runningApi(), 'CLI-LIVE');
    expect(first.response.status).toBe(201);
    expect((await profileOf(runningApi(), first.details.email)).body).toMatchObject({
      permit_limit: 6,
    });
    const second = await register(runningApi(), 'CLI-LIVE');
    expect(second.response.body).toEqual({
      invite_code: ['This invite code has already been used.'],
    });
  });

  it('creates a random invite code with one use when given no options', async () => {
    const run = await adminCommandLine(dataDir, 'invite', 'create');

    expect(run.code).toBe(0);
    const code = /^Invite code (\S+) created: 1 use\(s\), permit limit 5\.$/.exec(run.stdout)?.[1];
    expect(code).toMatch(/^KERB-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await register(runningApi(), code ?? '')).response.status).toBe(201);
  });

  it('sets each site setting', async () => {
    const runs = [
      await adminCommandLine(dataDir, 'settings', 'set', 'can_add_reference', 'true'),
      await adminCommandLine(dataDir, 'settings', 'set', 'can_schedule_permits', 'false'),
      await adminCommandLine(dataDir, 'settings', 'set', 'default_end_date_limit_hours', '48'),
    ];

    expect(runs.map((run) => run.stdout)).toEqual([
      'Site setting can_add_reference is now true.',
      'Site setting can_schedule_permits is now false.',
      'Site setting default_end_date_limit_hours is now 48.',
    ]);
    expect(await siteSettings(runningApi())).toEqual({
      can_add_reference: true,
      can_schedule_permits: false,
      default_end_date_limit_hours: 48,
    });
  });

  it("changes a resident's permit limit, and disables and enables the account", async () => {
    await adminCommandLine(
      dataDir,
      'invite',
      'create',
      '--code',
      'CLI-USERS',
      '--uses',
      'unlimited',
    );
    const { details } = await register(runningApi(), 'CLI-USERS');

    const setLimit = await adminCommandLine(
      dataDir,
      'user',
      'set-limit',
      details.email.toUpperCase(),
      '8',
    );
    expect(setLimit).toMatchObject({
      code: 0,
      stdout: `The permit limit of ${details.email} is now 8.`,
    });
    expect((await profileOf(runningApi(), details.email)).body).toMatchObject({ permit_limit: 8 });

    const disable = await adminCommandLine(dataDir, 'user', 'disable', details.email);
    expect(disable.stdout).toBe(`The account ${details.email} is disabled.`);
    expect((await profileOf(runningApi(), details.email)).status).toBe(403);

    await adminCommandLine(dataDir, 'user', 'enable', details.email);
    expect((await profileOf(runningApi(), details.email)).status).toBe(200);
  });

  it('seeds the demo invite code and resident, once', async () => {
    const first = await adminCommandLine(dataDir, 'demo', 'seed');
    const again = await adminCommandLine(dataDir, 'demo', 'seed');

    expect(first.stdout).toBe(
      'Demo invite code KERBSIDE-DEMO; demo resident demo@kerbside.test created.\n' +
        'Password of demo@kerbside.test: KerbsideDemo1',
    );
    expect(again.stdout).toContain('demo resident demo@kerbside.test already present.');
    const login = await call(`${runningApi().url}/api/v1/auth/login/`, 'POST', {
      body: { email: 'demo@kerbside.test', password: 'KerbsideDemo1' },
    });
    expect(login.status).toBe(200);
    expect((await register(runningApi(), 'KERBSIDE-DEMO')).response.status).toBe(201);
  });

  it('refuses what cannot be done, with exit code 1 and a reason', async () => {
    const unknownResident = await adminCommandLine(
      dataDir,
      'user',
      'disable',
      'nobody@kerbside.test',
    );
    const takenCode = await adminCommandLine(dataDir, 'invite', 'create', '--code', 'CLI-LIVE');

    expect(unknownResident).toMatchObject({
      code: 1,
      stderr: 'No resident has the e-mail nobody@kerbside.test.',
    });
    expect(takenCode).toMatchObject({
      code: 1,
      stderr: 'The invite code CLI-LIVE already exists.',
    });
  });

  it.each([
    [['settings', 'set', 'colour', 'blue'], 'Unknown site setting colour.'],
    [['settings', 'set', 'can_add_reference', 'maybe'], 'can_add_reference must be true or false'],
    [['user', 'set-limit', 'a@b.co', 'many'], 'The limit must be a whole number'],
    [['invite', 'create', '--uses', '0'], '--uses must be a whole number of at least 1, got 0.'],
    [['frobnicate'], 'Unknown command: frobnicate.'],
  ])('explains a bad command line %j', async (args, reason) => {
    const run = await adminCommandLine(dataDir, ...args);

    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(reason);
  });

  it('refuses the admin endpoint to a caller without the secret', async () => {
    const response = await call(`${runningApi().url}${adminEndpointPath}`, 'POST', {
      body: { command: 'user.disable', email: 'demo@kerbside.test' },
      headers: { [adminSecretHeader]: 'guessed' },
    });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('refuses to start a second API host on the same DATA_DIR', async () => {
    await expect(startTestApi(dataDir)).rejects.toThrow(
      `${dataDir} is in use by process ${process.pid} (api)`,
    );
  });
});

describe('npm run admin, while no API host runs', () => {
  let email: string;

  beforeAll(async () => {
    const { details } = await register(runningApi(), 'KERBSIDE-DEMO');
    email = details.email;
    await runningApi().close();
    api = undefined;
  });

  it('opens the database itself, and the API host sees the changes when it starts', async () => {
    const runs = [
      await adminCommandLine(
        dataDir,
        'invite',
        'create',
        '--code',
        'CLI-OFFLINE',
        '--uses',
        '2',
        '--permit-limit',
        '2',
      ),
      await adminCommandLine(dataDir, 'settings', 'set', 'can_schedule_permits', 'yes'),
      await adminCommandLine(dataDir, 'settings', 'set', 'default_end_date_limit_hours', '0'),
      await adminCommandLine(dataDir, 'user', 'set-limit', email, '3'),
    ];
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0]);

    api = await startTestApi(dataDir);

    expect(await siteSettings(api)).toMatchObject({
      can_schedule_permits: true,
      default_end_date_limit_hours: 0,
    });
    expect((await profileOf(api, email)).body).toMatchObject({ permit_limit: 3 });
    const { details, response } = await register(api, 'CLI-OFFLINE');
    expect(response.status).toBe(201);
    expect((await profileOf(api, details.email)).body).toMatchObject({ permit_limit: 2 });
  });

  it('disables an account while the API host is stopped', async () => {
    await runningApi().close();
    api = undefined;

    const run = await adminProcess(dataDir, 'user', 'disable', email);

    expect(run).toMatchObject({ code: 0, stdout: `The account ${email} is disabled.` });
    api = await startTestApi(dataDir);
    expect((await profileOf(api, email)).status).toBe(403);
  });
});
