import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleBudget, type BudgetLine } from '../../scripts/bench/bundle-budget';
import { measureBundle } from '../../scripts/bench/measure-bundle';

const outputPath = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-budget-'));
let lines: BudgetLine[];

beforeAll(async () => {
  const { sizes } = await measureBundle(outputPath);
  lines = bundleBudget(sizes);
}, 180_000);

afterAll(() => fs.rmSync(outputPath, { recursive: true, force: true }));

function lineFor(measure: RegExp): BudgetLine {
  const line = lines.find((candidate) => measure.test(candidate.measure));
  if (!line) throw new Error(`No budget line matches ${measure}.`);
  return line;
}

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
