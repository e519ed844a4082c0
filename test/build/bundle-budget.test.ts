import type webpack from 'webpack';
import { bundleBudget, type BudgetLine } from '../../scripts/bench/bundle-budget';
import { measureBuiltBundle, type BundleSizes } from '../../scripts/bench/measure-bundle';
import { productionBuild } from '../support/production-build';

const { site, stats } = productionBuild();
let lines: BudgetLine[];
let sizes: BundleSizes;

beforeAll(async () => {
  sizes = await measureBuiltBundle(site, stats);
  lines = bundleBudget(sizes);
}, 120_000);

function lineFor(measure: RegExp): BudgetLine {
  const line = lines.find((candidate) => measure.test(candidate.measure));
  if (!line) throw new Error(`No budget line matches ${measure}.`);
  return line;
}

test('/login loads no more JavaScript than its gzip budget, counted as Chromium fetches it', () => {
  const login = lineFor(/^JavaScript Chromium loads for \/login/);
  expect(login.usedBytes).toBeGreaterThan(0);
  expect(login.ratio).toBeLessThanOrEqual(1);
});

/** The served paths of the chunks that hold a module whose path matches `modulePath`. */
function filesHolding(modulePath: RegExp): string[] {
  const { chunks = [] } = stats;
  // A concatenated module lists the modules it joined under `modules`.
  const holds = (module: webpack.StatsModule): boolean =>
    modulePath.test(module.name ?? '') || (module.modules ?? []).some(holds);
  return chunks
    .filter((chunk) => (chunk.modules ?? []).some(holds))
    .flatMap((chunk) => chunk.files ?? [])
    .map((file) => `/${file}`);
}

/** Which of `files` Chromium loads for /login. */
function loadedByLogin(files: string[]): string[] {
  const loaded = sizes.loginPageScripts.scripts.map(({ path: script }) => script);
  return loaded.filter((script) => files.includes(script));
}

test('/login does not load the account menu, which waits for the first press of the avatar', () => {
  const menuFiles = filesHolding(/src[\\/]shell[\\/]account-menu\.tsx/);
  expect(menuFiles.length).toBeGreaterThan(0);
  expect(loadedByLogin(menuFiles)).toEqual([]);
});

test('/login in English does not load the Welsh catalogue, which comes only when Welsh is chosen', () => {
  const welshFiles = filesHolding(/locales[\\/]cy[\\/]app/);
  expect(welshFiles.length).toBeGreaterThan(0);
  expect(loadedByLogin(welshFiles)).toEqual([]);
});

test('the Welsh catalogue stays within its gzip budget', () => {
  const welsh = lineFor(/^the Welsh catalogue/);
  expect(welsh.usedBytes).toBeGreaterThan(0);
  expect(welsh.ratio).toBeLessThanOrEqual(1);
});

test('/login does not load framer-motion, which comes with the signed-in screens that animate', () => {
  const motionFiles = filesHolding(/node_modules[\\/](framer-motion|motion-dom)[\\/]/);
  expect(motionFiles.length).toBeGreaterThan(0);
  expect(loadedByLogin(motionFiles)).toEqual([]);
});

test.each([
  ['the identity provider (Firebase Auth)', /node_modules[\\/]@?firebase[\\/]auth[\\/]/],
  ['the API client (axios)', /node_modules[\\/]axios[\\/]/],
  ['the form rules (Yup)', /node_modules[\\/]yup[\\/]/],
])(
  '/login signed out does not load %s, which comes when the form is checked or sent',
  (_, module) => {
    const files = filesHolding(module);
    expect(files.length).toBeGreaterThan(0);
    expect(loadedByLogin(files)).toEqual([]);
  },
);

/** The served paths of every chunk webpack loads for an `import()` of `request`. */
function filesLoadedFor(request: RegExp): string[] {
  return (stats.chunks ?? [])
    .filter((chunk) => (chunk.origins ?? []).some((origin) => request.test(origin.request ?? '')))
    .flatMap((chunk) => chunk.files ?? [])
    .map((file) => `/${file}`);
}

test.each([
  [
    'its dialogs',
    /src[\\/]features[\\/]permits[\\/]permit-dialogs[\\/](permit-action|update-permit)-dialog\.tsx/,
  ],
  ['the form library (Formik)', /node_modules[\\/]formik[\\/]/],
  ['the CSV writer (papaparse)', /node_modules[\\/]papaparse[\\/]/],
])('My Permits shows its list without loading %s, which comes once needed', (_, module) => {
  const screenFiles = filesLoadedFor(/features\/permits\/my-permits\/my-permits-screen$/);
  expect(screenFiles.length).toBeGreaterThan(0);
  const files = filesHolding(module);
  expect(files.length).toBeGreaterThan(0);
  expect(screenFiles.filter((file) => files.includes(file))).toEqual([]);
});

test('the API client and the paths of its calls are in one chunk: no page downloads them twice', () => {
  expect(filesHolding(/src[\\/]api[\\/]api-client\.ts$/)).toHaveLength(1);
  expect(filesHolding(/src[\\/]api[\\/]api-paths\.ts$/)).toHaveLength(1);
});

test('the initial JavaScript stays within its gzip budget', () => {
  const initial = lineFor(/^initial JavaScript/);
  expect(initial.usedBytes).toBeGreaterThan(0);
  expect(initial.ratio).toBeLessThanOrEqual(1);
});

test('the largest lazily loaded route chunk stays within its gzip budget', () => {
  const lazy = lineFor(/^largest lazy route chunk/);
  expect(lazy.usedBytes).toBeGreaterThan(0);
  expect(lazy.ratio).toBeLessThanOrEqual(1);
});

test('the visitor’s page stays within its gzip budget', () => {
  const visitor = lineFor(/^the visitor's page/);
  expect(visitor.usedBytes).toBeGreaterThan(0);
  expect(visitor.ratio).toBeLessThanOrEqual(1);
});

test.each([
  ['the session’s hooks and screens', /src[\\/]shell[\\/]session-(hooks|check-layout|provider)/],
  [
    'the signed-in shell (navbar, account menu)',
    /src[\\/]shell[\\/](navbar|account-menu|app-layout)/,
  ],
  [
    'the dashboard',
    /(src|machines)[\\/](features[\\/])?dashboard[\\/]|src[\\/]shared[\\/]dashboard/,
  ],
  ['My Permits', /(src[\\/]features|machines)[\\/]permits[\\/]my-permits[\\/]/],
  ['Add Permit’s screen', /src[\\/]features[\\/]permits[\\/]add-permit[\\/]/],
  [
    'the resident’s visitor passes',
    /src[\\/](features[\\/]visitor-passes[\\/]visitor-pass(-list)?[\\/]|shared[\\/]visitor-pass-list)/,
  ],
  ['the identity provider (Firebase Auth)', /node_modules[\\/]@?firebase[\\/]auth[\\/]/],
  [
    'the form rules (Yup), which come with the first step into the form',
    /node_modules[\\/]yup[\\/]/,
  ],
])('the visitor’s page loads none of %s', (_, module) => {
  const visitorFiles = filesLoadedFor(/visitor-booking[\\/]visitor-booking-screen$/);
  expect(visitorFiles.length).toBeGreaterThan(0);
  expect(visitorFiles.filter((file) => filesHolding(module).includes(file))).toEqual([]);
});

test('framer-motion stays within its gzip budget', () => {
  const motion = lineFor(/^framer-motion/);
  expect(motion.usedBytes).toBeGreaterThan(0);
  expect(motion.ratio).toBeLessThanOrEqual(1);
});
