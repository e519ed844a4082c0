import { readFileSync, writeFileSync } from 'node:fs';
import type { CouncilBenchmark, CouncilScale } from './benchmark-council';
import { formatTable } from './format-table';
import type { EndpointFigures } from './measure-endpoint';

export interface CouncilCheck {
  measure: string;
  figure: string;
  target: string;
  /** null: reported only, no target. */
  pass: boolean | null;
}

const spreadText = ({ min, median, max }: { min: number; median: number; max: number }) =>
  `${min}–${max} (median ${median})`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** Issue 37's targets for the list cases' p95 and the create's (and the cancel's, as a write). */
const listP95Ms = 20;
const writeP95Ms = 50;
const ratioTarget = 0.8;
const drainTargetMs = 60_000;
const seedAimMs = 180_000;
const rssTargetMiB = 256;

function ratioText(
  measured: EndpointFigures,
  bare: { baseline: EndpointFigures; roundRatios: number[] },
): string {
  const ratio = measured.requestsPerSecond / bare.baseline.requestsPerSecond;
  return `${ratio.toFixed(2)}× (${measured.requestsPerSecond.toFixed(0)} ÷ ${bare.baseline.requestsPerSecond.toFixed(0)}; rounds ${bare.roundRatios.map((each) => each.toFixed(2)).join(', ')})`;
}

/** Every figure with its target and whether it was met, in the order the table prints them. */
export function councilChecks(result: CouncilBenchmark): CouncilCheck[] {
  const { seeded, baseline, limits, burst, burstWithKill } = result;
  const seedMs =
    seeded.timings.residentsMs +
    seeded.timings.permitsMs +
    seeded.timings.indexesMs +
    seeded.timings.analyzeMs;
  const checks: CouncilCheck[] = [
    {
      measure: `seed ${seeded.totalPermits} permits (COPY, 0004's indexes rebuilt, VACUUM ANALYZE)`,
      figure: `${seconds(seedMs)} (COPY ${seconds(seeded.timings.permitsMs)}, indexes ${seconds(seeded.timings.indexesMs)})`,
      target: `aim ≤ ${seconds(seedAimMs)}`,
      pass: null,
    },
    {
      measure: `residents' permits: most ${spreadText(seeded.normalPermits)}; ${seeded.heavy.length} heavy ${spreadText(seeded.heavyPermits)}`,
      figure: Object.entries(seeded.statusCounts)
        .sort(([, a], [, b]) => b - a)
        .map(([status, count]) => `${status} ${count}`)
        .join(', '),
      target: 'every status',
      pass: null,
    },
    {
      measure:
        "ratio: default My Permits req/s ÷ bare route, same SQL (the resident's read, the page)",
      figure: ratioText(baseline.measured, baseline),
      target: `≥ ${ratioTarget.toFixed(2)}× (headline)`,
      pass:
        baseline.measured.requestsPerSecond / baseline.baseline.requestsPerSecond >= ratioTarget,
    },
    ...baseline.others.map((other) => ({
      measure: "ratio: the same ÷ bare route running the list's statement alone (context)",
      figure: ratioText(baseline.measured, other),
      target: '–',
      pass: null,
    })),
  ];
  for (const figures of result.cases) {
    const write = /^(create|cancel)/.test(figures.name);
    const limit = write ? writeP95Ms : listP95Ms;
    const dashboard = figures.name.startsWith('dashboard');
    checks.push({
      measure: `${figures.name}: p95 (p50 ${ms(figures.p50Ms)}, ${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.failures} failed)`,
      figure: ms(figures.p95Ms),
      target: dashboard ? '–' : `≤ ${limit} ms, none failed`,
      pass: dashboard ? figures.failures === 0 : figures.p95Ms <= limit && figures.failures === 0,
    });
  }
  for (const plan of result.plans) {
    checks.push({
      measure: `EXPLAIN (ANALYZE, BUFFERS): ${plan.name}`,
      figure: plan.seqScanOnPermits ? 'Seq Scan on permits' : 'index scans only',
      target: 'no Seq Scan on permits',
      pass: !plan.seqScanOnPermits,
    });
  }
  for (const run of [burst, burstWithKill]) {
    const label = run.killed ? 'burst, one worker SIGKILLed' : 'burst';
    const allowedMs = drainTargetMs + (run.killed ? run.leaseMs : 0);
    checks.push(
      {
        measure: `${label}: ${run.permits} queued, ${run.workers} workers, drained in`,
        figure: run.drainedMs === null ? 'not drained' : seconds(run.drainedMs),
        target: `≤ ${seconds(allowedMs)}${run.killed ? ' (60 s + the lease)' : ''}`,
        pass: run.drainedMs !== null && run.drainedMs <= allowedMs,
      },
      {
        measure: `${label}: once at the provider (by idempotency key), ACTIVE`,
        figure: `${run.onceByKey} once, ${run.twiceByKey} twice, ${run.neverCalled} never; ${run.active} ACTIVE; ${run.repeatedCalls} calls repeated with the same key`,
        target: `${run.permits} once, all ACTIVE`,
        pass: run.onceByKey === run.permits && run.twiceByKey === 0 && run.active === run.permits,
      },
      {
        measure: `${label}: from the workers' metrics, oldest wait; provider calls`,
        figure: `${run.maxQueueAgeSeconds.toFixed(1)} s; ${
          Object.entries(run.providerOutcomes)
            .map(([outcome, calls]) => `${outcome} ${calls}`)
            .join(', ') || 'none'
        } (surviving worker)`,
        target: '–',
        pass: null,
      },
    );
  }
  checks.push(
    {
      measure: `${limits.createsSent} parallel creates over both hosts, limit ${limits.permitLimit}`,
      figure: `${limits.createsAccepted} accepted, ${limits.permitsHeld} in the database`,
      target: `exactly ${limits.permitLimit}`,
      pass:
        limits.createsAccepted === limits.permitLimit && limits.permitsHeld === limits.permitLimit,
    },
    {
      measure: `${limits.signInsSent} wrong sign-ins for one account over both hosts`,
      figure: `${limits.signInsChecked} checked, ${limits.signInsRefused} refused (429)`,
      target: `exactly ${limits.accountLimit} checked`,
      pass: limits.signInsChecked === limits.accountLimit,
    },
    ...result.hostPeakRssMiB.map((rss, index) => ({
      measure: `API host ${index + 1}: peak RSS under load (VmHWM)`,
      figure: `${rss.toFixed(0)} MiB`,
      target: `≤ ${rssTargetMiB} MiB`,
      pass: rss <= rssTargetMiB,
    })),
  );
  return checks;
}

export function councilTable(checks: CouncilCheck[]): string {
  return formatTable(
    ['measure', 'figure', 'target', 'result'],
    checks.map((check) => [
      check.measure,
      check.figure,
      check.target,
      check.pass === null ? 'info' : check.pass ? 'pass' : 'FAIL',
    ]),
  );
}

const sectionTitle = '## Council scale';

/**
 * Writes the run's table into docs/performance.md as the "Council scale" section (replacing the
 * previous run's), with the date, machine and command; the table sits in a text block as printed.
 */
export function writeCouncilSection(
  file: string,
  run: { date: Date; machine: string; command: string; scale: CouncilScale; table: string },
): void {
  const text = readFileSync(file, 'utf8');
  const section = [
    sectionTitle,
    '',
    `**${run.date.toISOString().slice(0, 16).replace('T', ' ')} UTC**, \`${run.command}\`, ${run.machine}; ` +
      `${run.scale.plan.permits.toLocaleString('en-GB')} permits for ${run.scale.plan.residents.toLocaleString('en-GB')} residents, ` +
      `autocannon ${run.scale.load.connections} connections over two API hosts (${run.scale.load.durationSeconds} s per case after ${run.scale.load.warmupSeconds} s of warm-up), ` +
      `tokens of ${run.scale.signedIn} residents in turn. Written by the bench (scripts/bench/council-report.ts); ` +
      'what each line means is in [Council scale: how](#council-scale-how).',
    '',
    '```text',
    run.table,
    '```',
    '',
  ].join('\n');
  const start = text.indexOf(`${sectionTitle}\n`);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.indexOf('\n## ', start + sectionTitle.length);
  // A blank line before the next heading, as Markdown (and the lint's Prettier) has it.
  writeFileSync(
    file,
    `${text.slice(0, start)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`,
  );
}
