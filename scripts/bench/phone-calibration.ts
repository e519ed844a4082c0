// Lighthouse's mobile profile slows the CPU 4×, a figure meant for a fast desktop (benchmarkIndex
// about 2,000). Its throttling guide (in the GoogleChrome/lighthouse repository) says to
// calibrate the multiplier on other machines: `npm run bench` measures with
// max(1, benchmarkIndex / 500), read from warm-up runs on the same Chromium, and reports the
// default 4× beside it. Pure, so test/build/phone-calibration.test.ts can hold it to that.
import { formatTable } from './format-table';

/** Lighthouse's mobile network settings (simulated slow 4G), left as they are. */
export const mobileNetworkThrottling = {
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
} as const;

/** The mobile profile's own CPU slowdown: the uncalibrated figure. */
export const defaultCpuSlowdown = 4;
/** The benchmarkIndex that a 1× slowdown stands for. */
export const benchmarkIndexPerSlowdown = 500;

/** The calibrated CPU slowdown for a machine with this benchmarkIndex: never below 1. */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`Lighthouse reported no usable benchmarkIndex (${benchmarkIndex}).`);
  }
  return Math.max(1, benchmarkIndex / benchmarkIndexPerSlowdown);
}

/** Lighthouse's `throttling` setting: the mobile network, with this CPU slowdown. */
export function mobileThrottling(cpuSlowdownMultiplier: number) {
  return { ...mobileNetworkThrottling, cpuSlowdownMultiplier };
}

/** One Lighthouse run's figures (mobile profile: simulated slow 4G, a slower CPU). */
export interface LighthouseFigures {
  /** 0–100. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of every script the page loaded, as transferred (gzip from the static server). */
  scriptTransferBytes: number;
  scriptRequests: number;
  /** `lhr.environment.benchmarkIndex` of this run. */
  benchmarkIndex: number;
  /** The page's main thread in the unthrottled load Lighthouse simulated the phone from. */
  mainThread: MainThreadTime;
  /** The largest paint of that load, and the scripts that had arrived by then. */
  largestPaint: ObservedPaint;
  /** The long tasks' blocking that came before the simulated first paint (TBT leaves it out). */
  blockingBeforePaintMs: number;
}

/**
 * A task of Lighthouse's simulated main thread, as its `long-tasks` audit lists it (ms): the 20
 * longest, from the audit's own simulation of the whole page, which TBT's two simulations resemble
 * but do not repeat. So what is read from them is close to TBT's reckoning, not equal to it.
 */
export interface SimulatedTask {
  /** From the navigation, in the simulation. */
  startTime: number;
  duration: number;
}

/**
 * The blocking of the simulated long tasks that TBT leaves out because it comes before the first
 * paint: TBT counts a task from FCP on (clipped there, then less 50 ms), so a task that ends before
 * FCP counts nothing and one that spans it only its part after. Lighthouse's model places each task
 * after the requests it depends on, and a continuation of `scheduler.yield()`, as the app's start
 * steps are (src/shell/start-app.tsx), depends on no script in its trace: the model puts it just
 * after the HTML, so how much of the start TBT sees depends on how late the paint is simulated
 * (docs/performance.md, "TBT's window opens at the first paint").
 */
export function blockingBeforeFirstPaint(tasks: readonly SimulatedTask[], fcpMs: number): number {
  return tasks.reduce((leftOut, { startTime, duration }) => {
    const end = startTime + duration;
    const counted = end <= fcpMs ? 0 : blockingMs(end - Math.max(startTime, fcpMs));
    return leftOut + blockingMs(duration) - counted;
  }, 0);
}

/**
 * The page's main thread in Lighthouse's unthrottled load, read from its trace: every task from
 * the navigation on. Lighthouse's simulation multiplies each task's wall-clock time, but on a
 * machine where the page's thread shares the cores (two here, with Chromium's other processes,
 * the API host and Lighthouse) part of that time the thread only waited for a core: the trace's
 * thread time says how much it ran.
 */
export interface MainThreadTime {
  /** The tasks' wall-clock time. */
  taskMs: number;
  /** The time the thread ran within them. */
  threadMs: number;
  /** Σ max(0, wall-clock time × slowdown − 50 ms): blocking as the tasks' wall-clock time makes it. */
  blockingFromTaskMs: number;
  /** Σ max(0, thread time × slowdown − 50 ms): blocking had the page's thread had a core to itself. */
  blockingFromThreadMs: number;
}

/**
 * The largest paint Lighthouse observed in its unthrottled load, and how many of the page's
 * scripts had arrived by then. Its simulated LCP counts a script that had finished before that
 * paint as needed for it unless it sees the script run after the paint, and it cannot see a run
 * in a main-thread task under 10 ms: its page graph leaves such tasks out (docs/performance.md,
 * "LCP is the first paint"). My Permits, painted from its HTML, reads about 0.9 s when none of
 * the app's chunks had arrived and 1.7 s when React's had; /login 2.1 s when most of its twelve
 * had.
 */
export interface ObservedPaint {
  /** From the navigation. */
  atMs: number;
  /** Scripts whose download had finished by the paint. */
  scriptsArrived: number;
  /** Of those, the scripts first run after the paint, in a main-thread task under 10 ms. */
  arrivedRunAfterInShortTasks: number;
  /** Scripts the page asked for in the whole load. */
  scripts: number;
}

/** The fields of Chromium's trace events read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    data?: {
      documentLoaderURL?: string;
      /** ResourceSendRequest's. */
      resourceType?: string;
      /** ResourceSendRequest's and EvaluateScript's. */
      url?: string;
      requestId?: string;
      /** ResourceFinish's: when the last byte came, in seconds on the clock of `ts`. */
      finishTime?: number;
      didFail?: boolean;
    };
  };
}

/** Blocking beyond this long counts (Lighthouse's TBT). */
const longTaskMs = 50;

/** A task's blocking as TBT counts it: its time beyond the first 50 ms. */
const blockingMs = (taskMs: number) => Math.max(0, taskMs - longTaskMs);

/** Lighthouse's page graph leaves out main-thread tasks shorter than this (its lantern model's
 *  `PageDependencyGraph`, `SIGNIFICANT_DUR_THRESHOLD_MS`), but for the first parse, layout and
 *  paint. */
const prunedTaskMs = 10;

/** The navigation to the page Lighthouse measured (its trace starts on about:blank). */
function pageNavigation(traceEvents: readonly TraceEvent[]): TraceEvent {
  const navigation = traceEvents
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.documentLoaderURL?.startsWith('http') === true,
    )
    .at(-1);
  if (!navigation) throw new Error("Lighthouse's trace has no navigation to the page.");
  return navigation;
}

/** The tasks of the page's main thread from its navigation on (Chromium's RunTask events). */
function pageMainThreadTasks(
  traceEvents: readonly TraceEvent[],
  navigation: TraceEvent,
): TraceEvent[] {
  return traceEvents.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === navigation.pid &&
      event.tid === navigation.tid &&
      event.ts >= navigation.ts,
  );
}

/** The page's last largest-paint candidate in a trace, and the scripts that had arrived by it. */
export function observedLargestPaint(traceEvents: readonly TraceEvent[]): ObservedPaint {
  const navigation = pageNavigation(traceEvents);
  const ofThePage = (event: TraceEvent) =>
    event.pid === navigation.pid && event.ts >= navigation.ts;
  const onItsMainThread = (event: TraceEvent) => ofThePage(event) && event.tid === navigation.tid;
  const paint = traceEvents
    .filter((event) => event.name === 'largestContentfulPaint::Candidate' && ofThePage(event))
    .at(-1);
  if (!paint) throw new Error("Lighthouse's trace has no largest paint of the page.");
  const scriptUrls = new Map(
    traceEvents
      .filter(
        (event) =>
          event.name === 'ResourceSendRequest' &&
          ofThePage(event) &&
          event.args?.data?.resourceType === 'Script',
      )
      .map((event) => [event.args?.data?.requestId, event.args?.data?.url]),
  );
  const arrived = new Set(
    traceEvents
      .filter((event) => {
        const data = event.args?.data;
        return (
          event.name === 'ResourceFinish' &&
          scriptUrls.has(data?.requestId) &&
          data?.didFail !== true &&
          data?.finishTime !== undefined &&
          data.finishTime * 1_000_000 <= paint.ts
        );
      })
      .map((event) => event.args?.data?.requestId),
  );
  const tasks = pageMainThreadTasks(traceEvents, navigation).sort((a, b) => a.ts - b.ts);
  // Each script's first run on the page's main thread, by the task it ran in.
  const firstRunTask = new Map<string, TraceEvent>();
  for (const event of traceEvents) {
    const url = event.args?.data?.url;
    if (event.name !== 'EvaluateScript' || !url || !onItsMainThread(event)) continue;
    const task = tasks.find(({ ts, dur = 0 }) => ts <= event.ts && event.ts < ts + dur);
    const earlier = firstRunTask.get(url);
    if (task && (!earlier || task.ts < earlier.ts)) firstRunTask.set(url, task);
  }
  const runAfterInShortTasks = [...arrived].filter((requestId) => {
    const task = firstRunTask.get(scriptUrls.get(requestId) ?? '');
    return task !== undefined && task.ts > paint.ts && (task.dur ?? 0) < prunedTaskMs * 1000;
  });
  return {
    atMs: (paint.ts - navigation.ts) / 1000,
    scriptsArrived: arrived.size,
    arrivedRunAfterInShortTasks: runAfterInShortTasks.length,
    scripts: scriptUrls.size,
  };
}

/** The page's main-thread time in a trace, and the blocking it makes at `cpuSlowdownMultiplier`. */
export function mainThreadTime(
  traceEvents: readonly TraceEvent[],
  cpuSlowdownMultiplier: number,
): MainThreadTime {
  const navigation = pageNavigation(traceEvents);
  const time = { taskMs: 0, threadMs: 0, blockingFromTaskMs: 0, blockingFromThreadMs: 0 };
  for (const event of pageMainThreadTasks(traceEvents, navigation)) {
    const taskMs = (event.dur ?? 0) / 1000;
    const threadMs = (event.tdur ?? 0) / 1000;
    time.taskMs += taskMs;
    time.threadMs += threadMs;
    time.blockingFromTaskMs += blockingMs(taskMs * cpuSlowdownMultiplier);
    time.blockingFromThreadMs += blockingMs(threadMs * cpuSlowdownMultiplier);
  }
  return time;
}

/** A page's runs at one CPU slowdown. */
export interface PhoneRuns {
  /** The run with the median performance score. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
}

export interface PhonePage {
  name: string;
  /** At the calibrated slowdown: the figure. */
  calibrated: PhoneRuns;
  /** At Lighthouse's default 4×, for comparison with figures taken elsewhere. */
  uncalibrated: PhoneRuns;
}

export interface CpuCalibration {
  /** Each warm-up run's benchmarkIndex, in the order run. */
  warmUpIndexes: number[];
  /** The median of the warm-up runs'. */
  benchmarkIndex: number;
  cpuSlowdownMultiplier: number;
}

/**
 * The calibration from several warm-up runs: their median benchmarkIndex. On a shared two-core
 * machine one run's index can be far from the rest (1,330 in a warm-up run on 27 November, with
 * 1,647-2,630 in the runs that followed), and the whole calibrated column would follow it.
 */
export function calibrationFromWarmUps(warmUpIndexes: number[]): CpuCalibration {
  const benchmarkIndex = median(warmUpIndexes);
  return {
    warmUpIndexes,
    benchmarkIndex,
    cpuSlowdownMultiplier: calibratedCpuSlowdown(benchmarkIndex),
  };
}

/**
 * Signing in on /login as a resident does: the email and password typed, then "Sign in" pressed.
 * Its Interaction to Next Paint in each run (web-vitals' `onINP`), in milliseconds.
 */
export interface SignInInteraction {
  calibrated: number[];
  /** At Lighthouse's default 4×. */
  uncalibrated: number[];
}

/**
 * Lighthouse's accessibility and best-practices categories on one page (issue 38: both stay at
 * 100), from a run of their own: neither depends on the CPU slowdown.
 */
export interface PageQuality {
  name: string;
  accessibility: number;
  bestPractices: number;
  /** The weighted audits that did not pass, by Lighthouse's id: what holds a score below 100. */
  failing: string[];
}

export interface PhonePagesMeasurement {
  calibration: CpuCalibration;
  /** A bare static HTML page from the same server, measured the same way, in the same rounds. */
  baseline: PhonePage;
  pages: PhonePage[];
  signInInteraction?: SignInInteraction;
  quality?: PageQuality[];
  /** How the lab's processes were scheduled beside the browser (lab-scheduling.ts). */
  labScheduling?: string;
  /**
   * The browser measured, as it names itself (`Chrome/156.0.8078.108`): figures move with its
   * version, and a machine's stale package lists can install an older one.
   */
  browser?: string;
}

export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('No Lighthouse run to take the median of.');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as LighthouseFigures;
}

/** The middle value (the mean of the middle two of an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('No value to take the median of.');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function phoneRuns(runs: LighthouseFigures[]): PhoneRuns {
  return { median: medianRun(runs), runs };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const slowdown = (value: number) => `${Number(value.toFixed(2))}×`;

/** The line above the tables: the benchmarkIndex, the multiplier, and what each column is. */
export function calibrationLine({ calibration, baseline, pages }: PhonePagesMeasurement): string {
  const indexes = [baseline, ...pages]
    .flatMap((page) => [...page.calibrated.runs, ...page.uncalibrated.runs])
    .map((run) => run.benchmarkIndex)
    .filter((index) => Number.isFinite(index));
  const during =
    indexes.length > 0
      ? `; during the runs ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`
      : '';
  return (
    `CPU calibration: benchmarkIndex ${Math.round(calibration.benchmarkIndex)} ` +
    `(median of warm-up runs ${calibration.warmUpIndexes.map(Math.round).join(', ')}${during}) ` +
    `-> cpuSlowdownMultiplier ${slowdown(calibration.cpuSlowdownMultiplier)} ` +
    `= max(1, benchmarkIndex / ${benchmarkIndexPerSlowdown}); ` +
    `the "at ${defaultCpuSlowdown}×" columns are Lighthouse's uncalibrated default`
  );
}

export function phonePageHeaders(calibration: CpuCalibration): string[] {
  const at = `at ${defaultCpuSlowdown}×`;
  return [
    `page (median of 3 by score, ${slowdown(calibration.cpuSlowdownMultiplier)} CPU)`,
    'performance',
    `performance ${at}`,
    'FCP',
    `FCP ${at}`,
    'LCP',
    `LCP ${at}`,
    'TBT',
    `TBT ${at}`,
    'JS transferred',
    'scripts',
    'scores',
    `scores ${at}`,
  ];
}

/** One row a page: the calibrated medians, each with the uncalibrated one beside it. */
export function phonePageRows({ baseline, pages }: PhonePagesMeasurement): string[][] {
  return [baseline, ...pages].map(({ name, calibrated, uncalibrated }) => [
    name,
    String(calibrated.median.performance),
    String(uncalibrated.median.performance),
    seconds(calibrated.median.fcpMs),
    seconds(uncalibrated.median.fcpMs),
    seconds(calibrated.median.lcpMs),
    seconds(uncalibrated.median.lcpMs),
    ms(calibrated.median.tbtMs),
    ms(uncalibrated.median.tbtMs),
    kib(calibrated.median.scriptTransferBytes),
    String(calibrated.median.scriptRequests),
    calibrated.runs.map((run) => run.performance).join(', '),
    uncalibrated.runs.map((run) => run.performance).join(', '),
  ]);
}

/** Each page against the bare baseline page, calibrated, with the 4× performance ratio beside. */
export function phoneRatioRows({ baseline, pages }: PhonePagesMeasurement): string[][] {
  return pages.map(({ name, calibrated, uncalibrated }) => [
    `${name} / baseline`,
    ratio(calibrated.median.performance / baseline.calibrated.median.performance),
    ratio(uncalibrated.median.performance / baseline.uncalibrated.median.performance),
    ratio(calibrated.median.lcpMs / baseline.calibrated.median.lcpMs),
    ms(calibrated.median.tbtMs - baseline.calibrated.median.tbtMs),
  ]);
}

/** The main-thread table's columns: what the page's thread ran of its tasks' wall-clock time. */
export const mainThreadHeaders = [
  "page's main thread (calibrated median run)",
  "tasks' wall-clock time",
  'thread time',
  'share',
  'blocking from wall-clock time',
  'blocking from thread time',
  'TBT (Lighthouse)',
];

/** Each page's main thread in the calibrated median run: how much of its tasks' time it ran. */
export function mainThreadRows({ baseline, pages }: PhonePagesMeasurement): string[][] {
  return [baseline, ...pages].map(({ name, calibrated }) => {
    const { mainThread, tbtMs } = calibrated.median;
    return [
      name,
      ms(mainThread.taskMs),
      ms(mainThread.threadMs),
      `${((100 * mainThread.threadMs) / mainThread.taskMs).toFixed(0)} %`,
      ms(mainThread.blockingFromTaskMs),
      ms(mainThread.blockingFromThreadMs),
      ms(tbtMs),
    ];
  });
}

/** Each page's name, then its calibrated runs as `describe` puts each: `/login a; b; c; …`. */
function calibratedRunsPerPage(
  pages: readonly PhonePage[],
  describe: (run: LighthouseFigures) => string,
): string {
  return pages
    .map(({ name, calibrated }) => `${name} ${calibrated.runs.map(describe).join('; ')}`)
    .join('; ');
}

/**
 * Each page's calibrated runs: when the largest paint came in the unthrottled load, how many of
 * its scripts had arrived by then and how many of those ran after it in short tasks, and the LCP
 * Lighthouse simulated from that.
 */
export function largestPaintLine({ pages }: PhonePagesMeasurement): string {
  const perPage = calibratedRunsPerPage(
    pages,
    ({ largestPaint, lcpMs }) =>
      `${largestPaint.atMs.toFixed(0)} ms, ${largestPaint.scriptsArrived} of ` +
      `${largestPaint.scripts} (${largestPaint.arrivedRunAfterInShortTasks} run after it in ` +
      `short tasks) -> ${seconds(lcpMs)}`,
  );
  return (
    "Largest paint in Lighthouse's unthrottled loads, calibrated runs: observed at, scripts " +
    `arrived by then (of which first run after it in main-thread tasks under ${prunedTaskMs} ms, ` +
    "which Lighthouse's page graph leaves out, so it counts them as needed for the paint) -> " +
    `simulated LCP: ${perPage}`
  );
}

/**
 * Each page's calibrated runs: the long tasks' blocking before the simulated first paint, which TBT
 * leaves out, beside the TBT counted.
 */
export function blockingBeforePaintLine({ pages }: PhonePagesMeasurement): string {
  const perPage = calibratedRunsPerPage(
    pages,
    ({ blockingBeforePaintMs, tbtMs }) => `${ms(blockingBeforePaintMs)} (TBT ${ms(tbtMs)})`,
  );
  return (
    "Blocking before the simulated first paint, which TBT leaves out (Lighthouse's simulated long " +
    `tasks, beyond ${longTaskMs} ms each, before FCP), calibrated runs: ${perPage}`
  );
}

/** The sign-in interaction's INP: the median of the runs, calibrated and at 4×. */
export function signInInteractionLine(
  { calibration }: PhonePagesMeasurement,
  interaction: SignInInteraction,
): string {
  const runs = (values: number[]) =>
    `${ms(median(values))} (runs ${values.map((value) => value.toFixed(0)).join(', ')})`;
  return (
    'Sign-in interaction on /login (INP, web-vitals; email and password typed, then "Sign in"): ' +
    `${runs(interaction.calibrated)} at ${slowdown(calibration.cpuSlowdownMultiplier)} CPU, ` +
    `${runs(interaction.uncalibrated)} at ${defaultCpuSlowdown}×`
  );
}

/** Each page's accessibility and best-practices scores, with the audits that kept either down. */
export function pageQualityLine(quality: PageQuality[]): string {
  const pages = quality.map(({ name, accessibility, bestPractices, failing }) => {
    const failed = failing.length > 0 ? ` (not passed: ${failing.join(', ')})` : '';
    return `${name} ${accessibility} / ${bestPractices}${failed}`;
  });
  return `Lighthouse accessibility / best practices (a run each): ${pages.join('; ')}`;
}

/** Lighthouse's medians for each page, and each page against the bare baseline page. */
export function phonePagesTables(measurement: PhonePagesMeasurement): string {
  const figures = formatTable(
    phonePageHeaders(measurement.calibration),
    phonePageRows(measurement),
  );
  const ratios = formatTable(
    [
      'ratio',
      'performance',
      `performance at ${defaultCpuSlowdown}×`,
      'LCP',
      'TBT (ms above baseline)',
    ],
    phoneRatioRows(measurement),
  );
  const interaction = measurement.signInInteraction
    ? `\n\n${signInInteractionLine(measurement, measurement.signInInteraction)}`
    : '';
  const quality = measurement.quality ? `\n\n${pageQualityLine(measurement.quality)}` : '';
  const mainThread = formatTable(mainThreadHeaders, mainThreadRows(measurement));
  // What the simulated paint and TBT's window, which opens at it, make of each calibrated load.
  const aroundThePaint = `\n\n${largestPaintLine(measurement)}\n\n${blockingBeforePaintLine(measurement)}`;
  const scheduling = measurement.labScheduling ? `\nScheduling: ${measurement.labScheduling}` : '';
  const browser = measurement.browser ? `\nBrowser: ${measurement.browser}` : '';
  return `${calibrationLine(measurement)}${scheduling}${browser}\n${figures}\n\n${ratios}\n\n${mainThread}${aroundThePaint}${interaction}${quality}`;
}
