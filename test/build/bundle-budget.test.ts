import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type webpack from 'webpack';
import { bundleBudget, type BudgetLine } from '../../scripts/bench/bundle-budget';
import { measureBundle, type BundleSizes } from '../../scripts/bench/measure-bundle';

const outputPath = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-budget-'));
let lines: BudgetLine[];
let sizes: BundleSizes;
let stats: webpack.Stats;

beforeAll(async () => {
  ({ sizes, stats } = await measureBundle(outputPath));
  lines = bundleBudget(sizes);
}, 180_000);

afterAll(() => fs.rmSync(outputPath, { recursive: true, force: true }));

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

test('/login does not load the account menu, which waits for the first press of the avatar', () => {
  const { chunks = [] } = stats.toJson({ chunks: true, chunkModules: true, modules: false });
  const menuFiles = chunks
    .filter((chunk) =>
      (chunk.modules ?? []).some(({ name }) =>
        /src[\\/]shell[\\/]account-menu\.tsx/.test(name ?? ''),
      ),
    )
    .flatMap((chunk) => chunk.files ?? [])
    .map((file) => `/${file}`);
  expect(menuFiles.length).toBeGreaterThan(0);
  const loaded = sizes.loginPageScripts.scripts.map(({ path: script }) => script);
  expect(loaded.filter((script) => menuFiles.includes(script))).toEqual([]);
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
