import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchmarkCouncil,
  councilScale,
  type CouncilScale,
} from '../../scripts/bench/benchmark-council';
import { CleanupStack } from '../../scripts/bench/cleanup-stack';
import {
  buildComparisonTable,
  checkOutRevision,
  compareCouncilBuilds,
  type BuildUnderTest,
} from '../../scripts/bench/compare-council-builds';
import {
  councilChecks,
  councilTable,
  writeCouncilSection,
} from '../../scripts/bench/council-report';
import { startPostgres, type PostgresServer } from '../../scripts/stack/postgres-server';
import { emulatorHost } from '../../scripts/stack/test-api';
import { Client } from 'pg';
import { execFileSync } from 'node:child_process';

jest.setTimeout(180_000);

// `npm run bench -- --council` (scripts/bench/benchmark-council.ts) at 10,000 permits, untimed:
// every step runs as in the real bench, so the bench cannot rot; no figure is held to a target
// here, only what must hold on any machine (nothing failed, limits and exactly-once exact).
const smallScale: CouncilScale = {
  ...councilScale,
  plan: { ...councilScale.plan, residents: 500, permits: 10_000 },
  load: { connections: 4, durationSeconds: 1, warmupSeconds: 0 },
  signedIn: 12,
  // More than a second of cancels can use on a quiet machine: each permit is cancelled once.
  cancellablePerResident: 250,
  baselineRounds: 1,
  burst: { permits: 200, providerLatencyMs: 10, leaseMs: 3000 },
};

let postgres: PostgresServer;
const cleanups = new CleanupStack();
const directory = mkdtempSync(path.join(os.tmpdir(), 'kerbside-council-test-'));

beforeAll(async () => {
  postgres = await startPostgres();
});

afterAll(async () => {
  await cleanups.runAll();
  await postgres?.stop();
  rmSync(directory, { recursive: true, force: true });
});

test('the council bench runs every step at 10,000 permits and writes its table', async () => {
  const result = await benchmarkCouncil({
    databaseUrl: postgres.url,
    authEmulatorHost: emulatorHost(),
    cleanups,
    scale: smallScale,
  });

  expect(result.seeded.totalPermits).toBe(10_000);
  const statuses = result.seeded.statusCounts;
  expect(Object.values(statuses).reduce((sum, count) => sum + count, 0)).toBe(10_000);
  // The rarer statuses (QUEUED, CANCEL_PENDING…) lie in the last days only: at 1,000,000 permits
  // every status occurs; at 10,000 the finished ones and some current ones do.
  expect(Object.keys(statuses)).toEqual(
    expect.arrayContaining(['EXPIRED', 'CANCELLED', 'FAILED', 'ACTIVE', 'SCHEDULED']),
  );
  expect(result.seeded.normalPermits.min).toBeGreaterThanOrEqual(5);
  expect(result.seeded.normalPermits.max).toBeLessThanOrEqual(40);
  expect(result.cases.map((figures) => [figures.name, figures.failures])).toEqual(
    result.cases.map((figures) => [figures.name, 0]),
  );
  expect(result.cases.every((figures) => figures.requests > 0)).toBe(true);
  expect(result.baseline.failures).toBe(0);
  // The bare route with the request's statements (the headline) and with the list's alone.
  const bareRoutes = [result.baseline, ...result.baseline.others];
  expect(bareRoutes.map(({ baseline }) => baseline.requests > 0)).toEqual([true, true]);
  expect(result.plans).toHaveLength(8);
  // A create's statements run inside a database function (migration 0015), which EXPLAIN shows as
  // one Function Scan: its plans are the function's statements', the resident's row lock among them.
  const createPlans = result.plans.find((plan) => plan.name === 'create')?.statements.flat();
  expect(createPlans).toContainEqual(expect.stringMatching(/Scan using users_pkey on users\b/));
  expect(result.limits.createsAccepted).toBe(result.limits.permitLimit);
  expect(result.limits.permitsHeld).toBe(result.limits.permitLimit);
  expect(result.limits.signInsChecked).toBe(result.limits.accountLimit);
  for (const burst of [result.burst, result.burstWithKill]) {
    expect(burst.drainedMs).not.toBeNull();
    expect([burst.onceByKey, burst.active, burst.twiceByKey]).toEqual([
      burst.permits,
      burst.permits,
      0,
    ]);
  }

  const table = councilTable(councilChecks(result));
  const performance = path.join(directory, 'performance.md');
  copyFileSync(path.resolve(__dirname, '../../docs/performance.md'), performance);
  const write = () =>
    writeCouncilSection(performance, {
      date: new Date(),
      machine: 'test',
      command: 'jest',
      scale: smallScale,
      table,
    });
  write();
  write();
  const written = readFileSync(performance, 'utf8');
  expect(written.split('\n## Council scale\n')).toHaveLength(2);
  expect(written).toContain(table);
  // The next section's heading still follows a blank line, as the lint's Prettier requires.
  expect(written).not.toMatch(/```\n## /);
});

test('`--council --against=REV` measures two builds on one seeded council, in alternating rounds', async () => {
  // A database of its own on the same server: the council is seeded afresh.
  const admin = new Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE council_comparison');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/council_comparison');
  const repositoryRoot = path.resolve(__dirname, '../..');
  const checkout = checkOutRevision(repositoryRoot, 'HEAD');
  const worktrees = () =>
    execFileSync('git', ['-C', repositoryRoot, 'worktree', 'list'], { encoding: 'utf8' });
  try {
    expect(worktrees()).toContain(checkout.root);
    const builds: [BuildUnderTest, BuildUnderTest] = [
      { label: 'HEAD', root: checkout.root },
      { label: 'this checkout', root: repositoryRoot },
    ];
    const comparisons = await compareCouncilBuilds({
      databaseUrl,
      authEmulatorHost: emulatorHost(),
      cleanups,
      scale: smallScale,
      builds,
      cases: ['default', 'create'],
      rounds: 2,
    });

    expect(comparisons.map((comparison) => comparison.name)).toEqual([
      "My Permits' default (12 statuses, today)",
      'create (scheduled, a new vehicle each time)',
    ]);
    for (const comparison of comparisons) {
      // Each build measured in each round, nothing failed (no vehicle created twice).
      expect(comparison.rounds.map((figures) => figures.length)).toEqual([2, 2]);
      expect(comparison.rounds.flat().map((figures) => figures.failures)).toEqual([0, 0, 0, 0]);
      expect(comparison.rounds.flat().every((figures) => figures.requests > 0)).toBe(true);
      expect(comparison.ratios).toHaveLength(2);
      expect(comparison.ratios.every((ratio) => Number.isFinite(ratio) && ratio > 0)).toBe(true);
    }
    const table = buildComparisonTable(builds, comparisons);
    expect(table).toContain('HEAD req/s');
    expect(table).toContain('this checkout ÷ HEAD');
  } finally {
    checkout.remove();
  }
  expect(worktrees()).not.toContain(checkout.root);
});
