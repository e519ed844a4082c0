import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createMachine } from 'xstate';
import { replay, undescribed } from '../../scripts/flows/flow-docs';
import { describePath, unreachedStateIds } from '../../machines/flow-models/model-paths';
import { flowDocPath, flowModels, pathsOf } from '../../machines/flow-models/flow-models';
import { dashboardMachine } from '../../machines/dashboard/dashboard-machine';
import { recentVehiclesMachine } from '../../machines/permits/add-permit/recent-vehicles-machine';
import { siteSettingsMachine } from '../../machines/site-settings-machine';

jest.setTimeout(120_000);

const repository = path.resolve(__dirname, '../..');

test('the flow docs are what npm run flows writes from the statecharts today', () => {
  // Run as the command is (Prettier, which formats the pages, loads itself with a dynamic import
  // that Jest does not run); it exits non-zero and names the stale pages.
  const output = execFileSync(
    path.join(repository, 'node_modules/.bin/tsx'),
    ['scripts/flows/generate-flows.ts', '--check'],
    { cwd: repository, encoding: 'utf8' },
  );
  expect(output).toContain(`The flow docs are up to date for ${flowModels.length} statecharts.`);
});

test('every statechart QA walks has a page beside its machine with a diagram, its states and its paths', () => {
  expect(flowModels.map(({ name }) => name)).toEqual([
    'session',
    'login',
    'register',
    'forgotPassword',
    'resetPassword',
    'changePassword',
    'addPermit',
    'permitList',
    'hiddenPermits',
    'activatePermit',
    'cancelPermit',
    'updatePermit',
    'language',
    'emailPreferences',
    'emailVerification',
    'permitExport',
    'visitorPassList',
    'visitorPass',
    'visitorBooking',
  ]);
  for (const model of flowModels) {
    const page = fs.readFileSync(path.join(repository, flowDocPath(model)), 'utf8');
    expect(fs.readdirSync(path.join(repository, model.home))).toContainEqual(
      expect.stringMatching(/-machine\.ts$/),
    );
    expect(page).toContain('```mermaid\nstateDiagram-v2');
    expect(page).toContain('## Generated paths');
  }
});

// The flows' statecharts, and those the app runs that no flow walks (they load once, the site
// settings until they have loaded).
const everyStatechart = [
  ...flowModels.map((model) => model.machine),
  dashboardMachine,
  recentVehiclesMachine,
  siteSettingsMachine,
];

test.each(everyStatechart.map((machine) => [machine.id, machine] as const))(
  'the statechart %s, its every state and transition say what the resident sees or does',
  (_, machine) => {
    expect(undescribed(machine)).toEqual([]);
  },
);

test('a statechart without descriptions is caught', () => {
  const bare = createMachine({
    id: 'bare',
    initial: 'idle',
    states: { idle: { on: { GO: 'done' } }, done: { type: 'final' } },
  });
  expect(undescribed(bare)).toEqual([
    'state (machine)',
    'state idle',
    'transition idle on GO',
    'state done',
  ]);
});

test('a recorded sequence of events replays as the states it walks through', () => {
  expect(
    replay('login', [
      { type: 'SUBMIT', values: { email: 'jane@example.test', password: 'wrong' } },
      { type: 'xstate.error.actor.requestLogin', error: { status: 401 } },
    ]),
  ).toEqual([
    'start → "idle"',
    'SUBMIT (2 fields) → {"submitting":"requesting"}',
    'requestLogin fails with HTTP 401 → "error"',
  ]);
  expect(() => replay('nowhere', [])).toThrow(/No flow named "nowhere"/);
});

// A flow page walks QA through every state, those flows without a model test of their own
// (hidden permits, the export) included: a state their samples cannot reach would be missing.
test.each(flowModels.map((model) => [model.name, model] as const))(
  'the generated paths of %s reach every state it has',
  (_, model) => {
    expect(unreachedStateIds(model.machine, pathsOf(model))).toEqual([]);
  },
);

test('no two generated paths share a test title, and a title reads from the descriptions', () => {
  const titles = flowModels.flatMap((model) =>
    pathsOf(model).map((path) => `${model.title}: ${describePath(path)}`),
  );
  expect(titles.length).toBeGreaterThan(1700);
  expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  const login = flowModels.find(({ name }) => name === 'login')!;
  expect(pathsOf(login).map(describePath)).toContain(
    'The sign-in failed; the screen shows why, after SUBMIT (2 fields) → requestLogin fails with ' +
      'HTTP 401 (detail "Invalid email or password.")',
  );
});
