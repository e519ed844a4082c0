// `npm run bench`: the bundle budget, sign-in under load, then the permit API under load on PGlite
// and on PostgreSQL, and on PostgreSQL a bare baseline route (baseline-app.ts) the list is compared
// with. Prints tables and the ratios that matter; everything it starts is stopped, even on failure.
// `npm run bench -- --sign-in-only` measures sign-in alone; `-- --list-only` only the list's first
// page and the baseline on PostgreSQL; `-- --phone-only` the bundle budget and Lighthouse's mobile
// figures (measure-phone-pages.ts; CPU slowdown calibrated to this machine, with the default 4×
// beside it: phone-calibration.ts) alone; `-- --export-only` only My Permits' "Export CSV" of
// 10,000 permits (benchmark-permit-export.ts); `-- --cpu-prof=DIR` has the API host under load
// write its CPU profiles (node --cpu-prof) to DIR; `-- --lighthouse-reports=DIR` writes each
// Lighthouse run's full report (JSON, for https://googlechrome.github.io/lighthouse/viewer/) and
// its trace (for DevTools' Performance panel) to DIR.
// `-- --council` runs issue 37's council-scale bench alone (benchmark-council.ts): it prints one
// table, writes it to docs/performance.md and exits non-zero when a target is missed.
// `-- --council --against=REV` measures this checkout's API host against REV's on one seeded
// council instead (compare-council-builds.ts), in alternating rounds (`--rounds=N`, default 3), for
// the cases `--cases=default,search,…` names (default: all but cancel; see CouncilCaseName), at
// `--permits=N` (default 1,000,000; a resident for every 20).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../stack/postgres-server';
import { startAuthEmulator } from '../stack/auth-emulator';
import { benchmarkCouncil, councilScale, type CouncilCaseName } from './benchmark-council';
import { benchmarkDatabase, type DatabaseBenchmark } from './benchmark-database';
import { benchmarkPermitExport } from './benchmark-permit-export';
import { benchmarkSignIn } from './benchmark-sign-in';
import { CleanupStack } from './cleanup-stack';
import { bundleBudget } from './bundle-budget';
import {
  buildComparisonTable,
  checkOutRevision,
  compareCouncilBuilds,
  type BuildUnderTest,
} from './compare-council-builds';
import { councilChecks, councilTable, writeCouncilSection } from './council-report';
import { formatTable } from './format-table';
import { measureBundle } from './measure-bundle';
import { measurePhonePages } from './measure-phone-pages';
import { phonePagesTables } from './phone-calibration';
import type { QueryPlan } from './explain-permit-queries';
import type { EndpointFigures, LoadShape } from './measure-endpoint';

const load: LoadShape = { connections: 10, durationSeconds: 5, warmupSeconds: 1 };
const signInOnly = process.argv.includes('--sign-in-only');
const listOnly = process.argv.includes('--list-only');
const exportOnly = process.argv.includes('--export-only');
const phoneOnly = process.argv.includes('--phone-only');
const council = process.argv.includes('--council');
/** The value of an option given as `--name=value`, or undefined when it is not given. */
function optionValue(name: string): string | undefined {
  const prefix = `${name}=`;
  return process.argv.find((argument) => argument.startsWith(prefix))?.slice(prefix.length);
}
const cpuProfileDir = optionValue('--cpu-prof');
const lighthouseReportsDir = optionValue('--lighthouse-reports');

const cleanups = new CleanupStack();

function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;

function figuresTable(run: DatabaseBenchmark): string {
  return formatTable(
    [
      'case',
      'p50',
      'p99',
      'req/s',
      'p50 (no 0004)',
      'p99 (no 0004)',
      'req/s (no 0004)',
      'failures',
    ],
    [...run.withIndexes.figures, ...(run.baseline ? [run.baseline.baseline] : [])].map(
      (indexed) => {
        const unindexed = run.withoutIndexes.figures.find((candidate) =>
          candidate.name.startsWith(indexed.name),
        );
        return [
          indexed.name,
          ms(indexed.p50Ms),
          ms(indexed.p99Ms),
          indexed.requestsPerSecond.toFixed(0),
          unindexed ? ms(unindexed.p50Ms) : '–',
          unindexed ? ms(unindexed.p99Ms) : '–',
          unindexed ? unindexed.requestsPerSecond.toFixed(0) : '–',
          String(indexed.failures + (unindexed?.failures ?? 0)),
        ];
      },
    ),
  );
}

function figure(figures: EndpointFigures[], name: string): EndpointFigures {
  const found = figures.find((candidate) => candidate.name.startsWith(name));
  if (!found) throw new Error(`No "${name}" case was measured.`);
  return found;
}

function ratiosTable(runs: DatabaseBenchmark[]): string {
  const rows: string[][] = [];
  const row = (label: string, first: EndpointFigures, second: EndpointFigures) =>
    rows.push([
      label,
      ratio(first.p50Ms / second.p50Ms),
      ratio(first.requestsPerSecond / second.requestsPerSecond),
    ]);
  for (const run of runs) {
    const plain = figure(run.withIndexes.figures, 'list, page 1');
    if (run.withoutIndexes.figures.length === 0) continue;
    for (const kind of ['search, selective', 'search, common']) {
      row(`${run.label}: ${kind} / list page 1`, figure(run.withIndexes.figures, kind), plain);
    }
    for (const indexed of run.withIndexes.figures) {
      const unindexed = figure(run.withoutIndexes.figures, indexed.name);
      row(`${run.label}: ${indexed.name}, without / with 0004`, unindexed, indexed);
    }
  }
  const [pglite, postgres] = runs;
  if (pglite && postgres && !listOnly) {
    for (const ours of postgres.withIndexes.figures) {
      row(`PostgreSQL / PGlite: ${ours.name}`, ours, figure(pglite.withIndexes.figures, ours.name));
    }
  }
  return formatTable(['ratio', 'p50 latency', 'req/s'], rows);
}

/** The list's first page against the bare baseline route: the figures docs/performance.md reports. */
function baselineTable(runs: DatabaseBenchmark[]): string {
  const rows = runs.flatMap(({ label, baseline }) => {
    if (!baseline) return [];
    const { measured, baseline: bare } = baseline;
    return [
      [
        `${label}: list page 1 / baseline`,
        measured.requestsPerSecond.toFixed(0),
        bare.requestsPerSecond.toFixed(0),
        ratio(measured.requestsPerSecond / bare.requestsPerSecond),
        baseline.roundRatios.map((each) => each.toFixed(2)).join(', '),
        ms(measured.p50Ms),
        ms(bare.p50Ms),
      ],
    ];
  });
  return formatTable(
    [
      'comparison (median of alternating rounds)',
      'list req/s',
      'baseline req/s',
      'req/s ratio',
      'each round',
      'list p50',
      'baseline p50',
    ],
    rows,
  );
}

function printPlans(title: string, plans: QueryPlan[]): void {
  console.log(title);
  for (const plan of plans) {
    plan.statements.forEach((lines, index) =>
      console.log(`  ${plan.name} [${index + 1}]: ${lines.join(' / ')}`),
    );
  }
}

const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;

/** Issue 37: one PostgreSQL, two API hosts, two workers, the app's own requests. */
async function runCouncil(): Promise<void> {
  const started = new Date();
  console.log(`Kerbside council-scale bench, ${started.toISOString()}: ${machine()}.\n`);
  const emulator = await startAuthEmulator();
  cleanups.push(() => emulator.stop());
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const result = await benchmarkCouncil({
    databaseUrl: postgres.url,
    authEmulatorHost: emulator.host,
    cleanups,
    scale: councilScale,
    cpuProfileDir,
    log: (line) =>
      console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0)} s] ${line}`),
  });
  const checks = councilChecks(result);
  const table = councilTable(checks);
  console.log(`\n${table}`);
  for (const plan of result.plans) {
    plan.statements.forEach((lines, index) =>
      console.log(`  ${plan.name} [${index + 1}]: ${lines.join(' / ')}`),
    );
  }
  writeCouncilSection(path.resolve(__dirname, '../../docs/performance.md'), {
    date: started,
    machine: machine(),
    command: 'npm run bench -- --council',
    scale: councilScale,
    table,
  });
  const missed = checks.filter((check) => check.pass === false);
  console.log(
    `\n${missed.length === 0 ? 'Every target met' : `${missed.length} target(s) missed`}; done in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s. The table is in docs/performance.md.`,
  );
  if (missed.length > 0) process.exitCode = 1;
}

/** `--council --against=REV`: this checkout's API host against REV's, on one seeded council. */
async function runCouncilComparison(revision: string): Promise<void> {
  const started = new Date();
  const repositoryRoot = path.resolve(__dirname, '../..');
  const cases = (
    optionValue('--cases') ?? 'default,allDates,search,page100,profile,capInfo,create'
  ).split(',') as CouncilCaseName[];
  const rounds = Number(optionValue('--rounds') ?? 3);
  const permits = Number(optionValue('--permits') ?? councilScale.plan.permits);
  const scale = {
    ...councilScale,
    plan: { ...councilScale.plan, permits, residents: Math.round(permits / 20) },
  };
  console.log(
    `Kerbside council-scale comparison, ${started.toISOString()}: ${machine()}; this checkout against ${revision}, ${rounds} rounds, ${permits} permits.\n`,
  );
  const checkout = checkOutRevision(repositoryRoot, revision);
  cleanups.push(() => checkout.remove());
  const emulator = await startAuthEmulator();
  cleanups.push(() => emulator.stop());
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const builds: [BuildUnderTest, BuildUnderTest] = [
    { label: revision, root: checkout.root },
    { label: 'this checkout', root: repositoryRoot },
  ];
  const comparisons = await compareCouncilBuilds({
    databaseUrl: postgres.url,
    authEmulatorHost: emulator.host,
    cleanups,
    scale,
    builds,
    cases,
    rounds,
    log: (line) =>
      console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0)} s] ${line}`),
  });
  console.log(`\n${buildComparisonTable(builds, comparisons)}`);
}

async function main(): Promise<void> {
  const against = optionValue('--against');
  if (council && against) return runCouncilComparison(against);
  if (council) return runCouncil();
  const started = new Date();
  console.log(
    `Kerbside benchmarks, ${started.toISOString()}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}; autocannon ${load.connections} connections × ${load.durationSeconds} s per case.\n`,
  );

  const bundleDirectory = temporaryDirectory('kerbside-bench-bundle-');
  if (!signInOnly && !listOnly && !phoneOnly) {
    const exported = await benchmarkPermitExport();
    console.log('"Export CSV" in the web app (pages answered from memory: the app\'s own work)');
    console.log(
      formatTable(
        ['permits', 'pages', 'collect', 'build CSV', 'CSV size', 'longest main-thread block'],
        [
          [
            String(exported.permits),
            String(exported.pages),
            ms(exported.collectMs),
            ms(exported.csvMs),
            kib(exported.csvBytes),
            ms(exported.longestBlockMs),
          ],
        ],
      ),
    );
    if (exportOnly) return;
  }

  if (!signInOnly && !listOnly) {
    const sizes = await measureBundle(bundleDirectory);
    console.log('Bundle budget (production build, gzip)');
    console.log(
      formatTable(
        ['measure', 'used', 'budget', 'used/budget'],
        bundleBudget(sizes).map((line) => [
          line.measure,
          kib(line.usedBytes),
          kib(line.budgetBytes),
          ratio(line.ratio),
        ]),
      ),
    );
  }

  const emulator = await startAuthEmulator();
  cleanups.push(() => emulator.stop());
  // The test helpers that exchange custom tokens read the emulator's address from here.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;

  if (!signInOnly && !listOnly) {
    console.log(
      '\nLighthouse 12, mobile profile (simulated slow 4G; CPU slowdown calibrated, and the default 4×), production build served statically',
    );
    console.log(
      phonePagesTables(
        await measurePhonePages(
          bundleDirectory,
          temporaryDirectory('kerbside-bench-phone-'),
          emulator,
          cleanups,
          lighthouseReportsDir,
        ),
      ),
    );
    if (phoneOnly) return;
  }

  const runs: DatabaseBenchmark[] = [];
  if (!listOnly) {
    const signIn = await benchmarkSignIn(
      temporaryDirectory('kerbside-bench-sign-in-'),
      emulator.host,
      cleanups,
      load,
    );
    console.log('Sign-in (PGlite; one Argon2id verification and one custom token each)');
    console.log(
      formatTable(
        ['case', 'p50', 'p99', 'req/s', 'failures'],
        [
          [
            signIn.name,
            ms(signIn.p50Ms),
            ms(signIn.p99Ms),
            signIn.requestsPerSecond.toFixed(1),
            String(signIn.failures),
          ],
        ],
      ),
    );
    if (signIn.failures > 0)
      throw new Error('Some sign-ins failed, so these figures are not valid.');
    if (signInOnly) return;

    runs.push(
      await benchmarkDatabase(
        {
          label: 'PGlite',
          connection: { dataDir: temporaryDirectory('kerbside-bench-pglite-') },
          cleanups,
        },
        emulator.host,
        load,
      ),
    );
  }
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  runs.push(
    await benchmarkDatabase(
      {
        label: 'PostgreSQL',
        connection: { databaseUrl: postgres.url },
        cleanups,
        listOnly,
        cpuProfileDir,
      },
      emulator.host,
      load,
    ),
  );

  for (const run of runs) {
    console.log(
      `\n${run.label}: ${run.seeded.totalPermits} permits seeded; search matches: ` +
        Object.entries(run.searchMatches)
          .map(([name, count]) => `${name} ${count}`)
          .join(', '),
    );
    console.log(figuresTable(run));
    if (run.withoutIndexes.plans) printPlans('Query plans without 0004', run.withoutIndexes.plans);
    if (run.withIndexes.plans) printPlans('Query plans with 0004', run.withIndexes.plans);
  }
  console.log('\nRatios (above 1: the first is slower, or serves more requests)');
  console.log(ratiosTable(runs));
  console.log('\nThe permit list (session check included) against the bare baseline route');
  console.log(baselineTable(runs));
  const failures = runs
    .flatMap((run) => [
      ...run.withIndexes.figures,
      ...run.withoutIndexes.figures,
      ...(run.baseline ? [{ name: `${run.label} baseline rounds`, ...run.baseline }] : []),
    ])
    .filter((measured) => measured.failures > 0);
  if (failures.length > 0) {
    throw new Error(
      `Some requests failed, so these figures are not valid: ${failures.map((f) => f.name).join(', ')}`,
    );
  }
  console.log(`\nDone in ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s.`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanups.runAll().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanups.runAll());
