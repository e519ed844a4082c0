import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SiteSettings } from '../../contract/site-settings';
import { apiPaths } from '../../src/api/api-paths';
import { call } from '../stack/test-api';
import {
  councilCases,
  councilHostOptions,
  prepareCouncilLoad,
  withMigratedPool,
  type CouncilCaseName,
  type CouncilScale,
} from './benchmark-council';
import type { CleanupStack } from './cleanup-stack';
import { forkHostProcess, type HostProcess } from './fork-host-process';
import { formatTable } from './format-table';
import { measureEndpoint, type EndpointCase, type EndpointFigures } from './measure-endpoint';

/** A checkout whose API host is measured: its root holds scripts/bench/api-host-process.ts. */
export interface BuildUnderTest {
  label: string;
  root: string;
}

export interface BuildComparison {
  name: string;
  /** Each build's figures, round by round, in the order of the builds given. */
  rounds: EndpointFigures[][];
  /** The second build's requests a second ÷ the first's, in each round. */
  ratios: number[];
}

const hostsPerBuild = 2;

/**
 * Two builds of the API host on one seeded council (`npm run bench -- --council --against=REV`):
 * two hosts of each on one PostgreSQL, all running throughout, and each case measured on each
 * build in turn, the order swapped every round, so that whatever else the machine does weighs on
 * both alike. The same case objects serve both builds: a create takes the next new vehicle, and
 * no permit is cancelled twice. What a change buys, measured (docs/performance.md).
 */
export async function compareCouncilBuilds(options: {
  databaseUrl: string;
  authEmulatorHost: string;
  cleanups: CleanupStack;
  scale: CouncilScale;
  builds: [BuildUnderTest, BuildUnderTest];
  cases: CouncilCaseName[];
  rounds: number;
  log?: (line: string) => void;
}): Promise<BuildComparison[]> {
  const { databaseUrl, authEmulatorHost, cleanups, scale, builds } = options;
  const log = options.log ?? (() => {});
  return withMigratedPool(databaseUrl, cleanups, async (pool) => {
    const load = await prepareCouncilLoad(pool, scale, log);
    const hostsOf: HostProcess[][] = [];
    for (const build of builds) {
      const hosts: HostProcess[] = [];
      for (let index = 0; index < hostsPerBuild; index += 1) {
        const host = await forkHostProcess(
          path.join(build.root, 'scripts/bench/api-host-process.ts'),
          councilHostOptions(databaseUrl, authEmulatorHost),
        );
        hosts.push(host);
        cleanups.push(() => host.stop());
      }
      hostsOf.push(hosts);
    }
    const urlsOf = hostsOf.map((hosts) => hosts.map((host) => host.url));
    const settings = (
      await call(`${urlsOf[0]?.[0]}${apiPaths.siteSettings}`, 'GET', {
        headers: { authorization: `Bearer ${load.residents[0]?.idToken ?? ''}` },
      })
    ).body as SiteSettings;
    const requests = councilCases(load, settings, new Date());
    const comparisons: BuildComparison[] = [];
    for (const caseName of options.cases) {
      const endpointCase = requests[caseName] as EndpointCase | undefined;
      if (!endpointCase) {
        throw new Error(`No case ${caseName}: the cases are ${Object.keys(requests).join(', ')}.`);
      }
      const rounds: EndpointFigures[][] = builds.map(() => []);
      for (let round = 0; round < options.rounds; round += 1) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const build of order) {
          log(`${endpointCase.name}: ${builds[build]?.label}, round ${round + 1}…`);
          const figures = await measureEndpoint(urlsOf[build] ?? [], '', endpointCase, scale.load);
          rounds[build]?.push(figures);
        }
      }
      comparisons.push({
        name: endpointCase.name,
        rounds,
        ratios: (rounds[1] ?? []).map(
          (figures, round) =>
            figures.requestsPerSecond / (rounds[0]?.[round]?.requestsPerSecond ?? NaN),
        ),
      });
    }
    for (const host of hostsOf.flat()) await host.stop();
    return comparisons;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
    : (sorted[Math.floor(middle)] ?? NaN);
}

/** One line a case: each build's median requests a second and p95, and the rounds' ratios. */
export function buildComparisonTable(
  builds: readonly BuildUnderTest[],
  comparisons: readonly BuildComparison[],
): string {
  const [first, second] = builds.map((build) => build.label);
  return formatTable(
    [
      'case (medians of alternating rounds)',
      `${first} req/s`,
      `${second} req/s`,
      `${first} p95`,
      `${second} p95`,
      `${second} ÷ ${first}`,
      'each round',
      'failed',
    ],
    comparisons.map((comparison) => {
      const [a = [], b = []] = comparison.rounds;
      const rate = (figures: EndpointFigures[]) =>
        median(figures.map((each) => each.requestsPerSecond)).toFixed(0);
      const p95 = (figures: EndpointFigures[]) =>
        `${median(figures.map((each) => each.p95Ms)).toFixed(1)} ms`;
      return [
        comparison.name,
        rate(a),
        rate(b),
        p95(a),
        p95(b),
        `${median(comparison.ratios).toFixed(2)}×`,
        comparison.ratios.map((ratio) => ratio.toFixed(2)).join(', '),
        String([...a, ...b].reduce((sum, each) => sum + each.failures, 0)),
      ];
    }),
  );
}

/**
 * A checkout of `revision` beside this one (`git worktree add`), using this checkout's
 * node_modules: a revision with other dependencies is measured with these. `remove` takes the
 * worktree away again.
 */
export function checkOutRevision(
  repositoryRoot: string,
  revision: string,
): { root: string; remove: () => void } {
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'kerbside-revision-')), 'checkout');
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repositoryRoot, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  git('worktree', 'add', '--detach', root, revision);
  symlinkSync(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'));
  return {
    root,
    remove: () => {
      if (existsSync(root)) git('worktree', 'remove', '--force', root);
      rmSync(path.dirname(root), { recursive: true, force: true });
      git('worktree', 'prune');
    },
  };
}
