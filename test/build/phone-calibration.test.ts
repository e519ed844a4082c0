import {
  blockingBeforeFirstPaint,
  blockingBeforePaintLine,
  calibratedCpuSlowdown,
  calibrationFromWarmUps,
  calibrationLine,
  defaultCpuSlowdown,
  mainThreadHeaders,
  mainThreadRows,
  mainThreadTime,
  observedLargestPaint,
  largestPaintLine,
  mobileThrottling,
  phonePageHeaders,
  phonePageRows,
  phonePagesTables,
  phoneRatioRows,
  phoneRuns,
  pageQualityLine,
  signInInteractionLine,
  type LighthouseFigures,
  type PhonePagesMeasurement,
  type TraceEvent,
} from '../../scripts/bench/phone-calibration';
import { omniboxPopupFeatures, withFeaturesDisabled } from '../../scripts/stack/chromium';

// `npm run bench` measures phones with Lighthouse's CPU slowdown calibrated to the machine
// (scripts/bench/phone-calibration.ts). No Lighthouse runs here: only the sums and the table.

test('the CPU slowdown is the benchmarkIndex over 500, and never below 1', () => {
  expect(calibratedCpuSlowdown(2000)).toBe(4);
  expect(calibratedCpuSlowdown(1330)).toBeCloseTo(2.66);
  expect(calibratedCpuSlowdown(2770)).toBeCloseTo(5.54);
  expect(calibratedCpuSlowdown(500)).toBe(1);
  expect(calibratedCpuSlowdown(120)).toBe(1);
});

test('a missing benchmarkIndex is an error, not a slowdown of 1', () => {
  expect(() => calibratedCpuSlowdown(NaN)).toThrow(/benchmarkIndex/);
  expect(() => calibratedCpuSlowdown(0)).toThrow(/benchmarkIndex/);
  expect(() => calibratedCpuSlowdown(undefined as unknown as number)).toThrow(/benchmarkIndex/);
});

test('the calibration takes the median of the warm-up runs, not one run that the machine slowed', () => {
  expect(calibrationFromWarmUps([1330, 2450, 2203])).toEqual({
    warmUpIndexes: [1330, 2450, 2203],
    benchmarkIndex: 2203,
    cpuSlowdownMultiplier: 2203 / 500,
  });
  expect(() => calibrationFromWarmUps([])).toThrow();
});

test("only the CPU slowdown changes: the network stays the mobile profile's", () => {
  expect(mobileThrottling(2.66)).toEqual({
    rttMs: 150,
    throughputKbps: 1638.4,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
    cpuSlowdownMultiplier: 2.66,
  });
  expect(defaultCpuSlowdown).toBe(4);
});

const run = (performance: number, lcpMs: number, tbtMs: number): LighthouseFigures => ({
  performance,
  fcpMs: lcpMs / 2,
  lcpMs,
  tbtMs,
  scriptTransferBytes: 102_400,
  scriptRequests: 5,
  benchmarkIndex: 1400,
  mainThread: {
    taskMs: tbtMs * 4,
    threadMs: tbtMs,
    blockingFromTaskMs: tbtMs * 2,
    blockingFromThreadMs: tbtMs / 2,
  },
  largestPaint: {
    atMs: lcpMs / 20,
    scriptsArrived: lcpMs > 2600 ? 9 : 2,
    arrivedRunAfterInShortTasks: lcpMs > 2600 ? 8 : 0,
    scripts: 12,
  },
  blockingBeforePaintMs: tbtMs * 3,
});

const measurement: PhonePagesMeasurement = {
  calibration: {
    warmUpIndexes: [1450, 900, 1500],
    benchmarkIndex: 1450,
    cpuSlowdownMultiplier: 2.9,
  },
  baseline: {
    name: 'bare page',
    calibrated: phoneRuns([run(100, 900, 0), run(99, 950, 0), run(100, 900, 0)]),
    uncalibrated: phoneRuns([run(98, 1000, 0), run(100, 900, 0), run(99, 950, 0)]),
  },
  pages: [
    {
      name: '/login',
      calibrated: phoneRuns([run(80, 3000, 200), run(90, 2500, 100), run(85, 2800, 150)]),
      uncalibrated: phoneRuns([run(70, 3500, 400), run(60, 4000, 600), run(65, 3800, 500)]),
    },
  ],
};

test('each row gives the calibrated median and the uncalibrated one beside it', () => {
  const headers = phonePageHeaders(measurement.calibration);
  const rows = phonePageRows(measurement);
  const login = rows[1] ?? [];
  const cell = (header: string) => login[headers.indexOf(header)];
  expect(headers[0]).toContain('2.9× CPU');
  expect(cell('performance')).toBe('85');
  expect(cell('performance at 4×')).toBe('65');
  expect(cell('FCP')).toBe('1.40 s');
  expect(cell('FCP at 4×')).toBe('1.90 s');
  expect(cell('LCP')).toBe('2.80 s');
  expect(cell('LCP at 4×')).toBe('3.80 s');
  expect(cell('TBT')).toBe('150.0 ms');
  expect(cell('TBT at 4×')).toBe('500.0 ms');
  expect(cell('scores')).toBe('80, 90, 85');
  expect(cell('scores at 4×')).toBe('70, 60, 65');
  expect(rows.every((row) => row.length === headers.length)).toBe(true);
});

test('the ratios to the bare page are calibrated, with the 4× performance ratio beside', () => {
  expect(phoneRatioRows(measurement)).toEqual([
    ['/login / baseline', '0.85×', '0.66×', '3.11×', '150.0 ms'],
  ]);
});

test("the page's main thread: each task's wall-clock and thread time, from its navigation on", () => {
  const page = { pid: 7, tid: 1 };
  const task = (ts: number, durMs: number, threadMs: number, at = page): TraceEvent => ({
    name: 'RunTask',
    ph: 'X',
    ...at,
    ts,
    dur: durMs * 1000,
    tdur: threadMs * 1000,
  });
  const navigation = (ts: number, url: string, at = page): TraceEvent => ({
    name: 'navigationStart',
    ph: 'R',
    ...at,
    ts,
    args: { data: { documentLoaderURL: url } },
  });
  const trace = [
    navigation(0, 'about:blank'),
    task(500, 400, 400), // before the page's navigation: not the page's
    navigation(1_000, 'http://127.0.0.1:8080/my-permits'),
    task(2_000, 100, 40), // at 3×: 300 ms by the clock (250 blocking), 120 ms run (70 blocking)
    task(3_000, 20, 10), // at 3×: 60 ms (10 blocking), 30 ms run (none)
    task(4_000, 300, 300, { pid: 7, tid: 2 }), // another thread of the renderer
    task(5_000, 300, 300, { pid: 9, tid: 1 }), // another process
    { ...task(6_000, 300, 300), name: 'ThreadControllerImpl::RunTask' }, // inside a task
  ];

  expect(mainThreadTime(trace, 3)).toEqual({
    taskMs: 120,
    threadMs: 50,
    blockingFromTaskMs: 260,
    blockingFromThreadMs: 70,
  });
  expect(() => mainThreadTime([navigation(0, 'about:blank')], 3)).toThrow(
    "Lighthouse's trace has no navigation to the page.",
  );
});

test('the largest paint of the unthrottled load, the scripts arrived by then, and which ran after it unseen', () => {
  const page = { pid: 7, tid: 1 };
  const at = (
    name: string,
    ts: number,
    data: TraceEvent['args'] = {},
    where = page,
  ): TraceEvent => ({
    name,
    ph: 'I',
    ...where,
    ts,
    args: data,
  });
  const navigation = (ts: number, url: string) =>
    at('navigationStart', ts, { data: { documentLoaderURL: url } });
  const urlOf = (requestId: string) => `http://127.0.0.1:8080/${requestId}.js`;
  const sent = (ts: number, requestId: string, resourceType: string, where = page) =>
    at(
      'ResourceSendRequest',
      ts,
      { data: { requestId, resourceType, url: urlOf(requestId) } },
      where,
    );
  // finishTime is in seconds on the trace's clock (ts, in microseconds).
  const finished = (ts: number, requestId: string, finishTime: number, didFail = false) =>
    at('ResourceFinish', ts, { data: { requestId, finishTime, didFail } });
  // A script's run: an EvaluateScript inside a main-thread task of `taskMs`.
  const ran = (ts: number, requestId: string, taskMs: number, where = page): TraceEvent[] => [
    { name: 'RunTask', ph: 'X', ...where, ts, dur: taskMs * 1000 },
    at('EvaluateScript', ts + 100, { data: { url: urlOf(requestId) } }, where),
  ];
  const trace = [
    navigation(0, 'about:blank'),
    at('largestContentfulPaint::Candidate', 500), // about:blank's: not the page's
    navigation(1_000, 'http://127.0.0.1:8080/my-permits'),
    sent(2_000, 'page', 'Document'),
    sent(20_000, 'config', 'Script'),
    sent(30_000, 'react', 'Script'),
    sent(30_500, 'router', 'Script'),
    sent(31_000, 'app-start', 'Script'),
    sent(32_000, 'broken', 'Script'),
    sent(33_000, 'worker', 'Script', { pid: 9, tid: 1 }), // another process's
    sent(40_000, 'styles', 'Stylesheet'),
    finished(5_000, 'page', 0.004),
    finished(26_000, 'config', 0.025),
    ...ran(27_000, 'config', 1), // before the paint: needed for it
    finished(41_000, 'styles', 0.04),
    finished(50_000, 'router', 0.049),
    // Another thread's run, while the page's main thread ran config's: not the page's.
    at('EvaluateScript', 27_500, { data: { url: urlOf('react') } }, { pid: 7, tid: 5 }),
    finished(60_000, 'broken', 0.05, true), // failed: never arrived
    at('largestContentfulPaint::Candidate', 60_000),
    at('largestContentfulPaint::Candidate', 70_000), // the last candidate is the largest paint
    // The trace notes the last byte after the paint, though it had come before it.
    finished(72_000, 'react', 0.065),
    finished(80_000, 'app-start', 0.075),
    ...ran(90_000, 'react', 9.9), // after the paint, in a task the graph leaves out
    ...ran(100_000, 'router', 10), // after the paint, in a task the graph keeps
    ...ran(110_000, 'app-start', 3), // arrived after the paint
    sent(120_000, 'screen', 'Script'), // asked for once the app ran: counted, not arrived
  ];

  expect(observedLargestPaint(trace)).toEqual({
    atMs: 69,
    scriptsArrived: 3,
    arrivedRunAfterInShortTasks: 1,
    scripts: 6,
  });
  expect(() =>
    observedLargestPaint(
      trace.filter((event) => !event.name.startsWith('largest') || event.ts < 1_000),
    ),
  ).toThrow("Lighthouse's trace has no largest paint of the page.");
});

test('the largest-paint line gives each calibrated run: paint, scripts arrived and run unseen, LCP', () => {
  expect(largestPaintLine(measurement)).toBe(
    "Largest paint in Lighthouse's unthrottled loads, calibrated runs: observed at, scripts " +
      'arrived by then (of which first run after it in main-thread tasks under 10 ms, which ' +
      "Lighthouse's page graph leaves out, so it counts them as needed for the paint) -> " +
      'simulated LCP: /login 150 ms, 9 of 12 (8 run after it in short tasks) -> 3.00 s; 125 ms, ' +
      '2 of 12 (0 run after it in short tasks) -> 2.50 s; 140 ms, 9 of 12 (8 run after it in ' +
      'short tasks) -> 2.80 s',
  );
  expect(phonePagesTables(measurement)).toContain(`\n\n${largestPaintLine(measurement)}`);
});

test('the blocking TBT leaves out is what the long tasks hold the thread before the simulated paint', () => {
  const fcpMs = 900;
  // Before the paint, 200 ms: 150 ms beyond the first 50, none of it counted.
  const before = { startTime: 100, duration: 200 };
  // 800-1100 ms: 250 ms of blocking, of which TBT counts 300 - 100 (before FCP) - 50 = 150.
  const spanning = { startTime: 800, duration: 300 };
  // 880-960 ms: 30 ms of blocking; 60 ms after FCP, so TBT counts 10.
  const spanningBriefly = { startTime: 880, duration: 80 };
  // After the paint: all of it counted.
  const after = { startTime: 1_000, duration: 200 };
  // Under 50 ms: no blocking either way.
  const short = { startTime: 200, duration: 40 };
  expect(blockingBeforeFirstPaint([before], fcpMs)).toBe(150);
  expect(blockingBeforeFirstPaint([spanning], fcpMs)).toBe(100);
  expect(blockingBeforeFirstPaint([spanningBriefly], fcpMs)).toBe(20);
  expect(blockingBeforeFirstPaint([after, short], fcpMs)).toBe(0);
  expect(blockingBeforeFirstPaint([before, spanning, spanningBriefly, after, short], fcpMs)).toBe(
    270,
  );
});

test('the blocking-before-paint line gives each calibrated run beside its TBT', () => {
  expect(blockingBeforePaintLine(measurement)).toBe(
    "Blocking before the simulated first paint, which TBT leaves out (Lighthouse's simulated long " +
      'tasks, beyond 50 ms each, before FCP), calibrated runs: /login 600.0 ms (TBT 200.0 ms); ' +
      '300.0 ms (TBT 100.0 ms); 450.0 ms (TBT 150.0 ms)',
  );
  expect(phonePagesTables(measurement)).toContain(`\n\n${blockingBeforePaintLine(measurement)}`);
});

test("the main thread's table: the calibrated median run's times, share and blocking", () => {
  expect(mainThreadHeaders[0]).toBe("page's main thread (calibrated median run)");
  expect(mainThreadRows(measurement)[1]).toEqual([
    '/login',
    '600.0 ms',
    '150.0 ms',
    '25 %',
    '300.0 ms',
    '75.0 ms',
    '150.0 ms',
  ]);
  expect(phonePagesTables(measurement)).toContain(
    "page's main thread (calibrated median run) | tasks' wall-clock time",
  );
});

test('the output names the benchmarkIndex and the multiplier', () => {
  expect(calibrationLine(measurement)).toMatch(
    /benchmarkIndex 1450 \(median of warm-up runs 1450, 900, 1500; during the runs 1400–1400\) -> cpuSlowdownMultiplier 2\.9×/,
  );
  expect(phonePagesTables(measurement).split('\n')[0]).toBe(calibrationLine(measurement));
});

test('the output says how the lab was scheduled beside the browser, under the calibration', () => {
  const labScheduling = "the lab's 2 sessions at autogroup nice 19, the browser's at 0";
  const lines = phonePagesTables({ ...measurement, labScheduling }).split('\n');
  expect(lines[1]).toBe(`Scheduling: ${labScheduling}`);
  expect(phonePagesTables(measurement)).not.toContain('Scheduling');
});

test('the output names the browser measured, under the scheduling', () => {
  const lines = phonePagesTables({
    ...measurement,
    labScheduling: "the lab's 2 sessions at autogroup nice 19, the browser's at 0",
    browser: 'Chrome/156.0.8078.108',
  }).split('\n');
  expect(lines[2]).toBe('Browser: Chrome/156.0.8078.108');
  expect(phonePagesTables(measurement)).not.toContain('Browser:');
});

test("the sign-in interaction's INP is the median of its runs, calibrated and at 4×", () => {
  const interaction = { calibrated: [120, 80, 96], uncalibrated: [300, 180, 240] };
  expect(signInInteractionLine(measurement, interaction)).toBe(
    'Sign-in interaction on /login (INP, web-vitals; email and password typed, then "Sign in"): ' +
      '96.0 ms (runs 120, 80, 96) at 2.9× CPU, 240.0 ms (runs 300, 180, 240) at 4×',
  );
  expect(phonePagesTables({ ...measurement, signInInteraction: interaction })).toContain(
    signInInteractionLine(measurement, interaction),
  );
  expect(phonePagesTables(measurement)).not.toContain('Sign-in interaction');
});

// Issue 38: accessibility and best practices stay at 100; the line names what keeps either down.
test('each page’s accessibility and best-practices scores, with the audits that did not pass', () => {
  const quality = [
    { name: '/login, signed out', accessibility: 100, bestPractices: 100, failing: [] },
    {
      name: '/my-permits, signed in (20 permits)',
      accessibility: 100,
      bestPractices: 96,
      failing: ['inspector-issues'],
    },
  ];
  expect(pageQualityLine(quality)).toBe(
    'Lighthouse accessibility / best practices (a run each): /login, signed out 100 / 100; ' +
      '/my-permits, signed in (20 permits) 100 / 96 (not passed: inspector-issues)',
  );
  expect(phonePagesTables({ ...measurement, quality })).toContain(pageQualityLine(quality));
  expect(phonePagesTables(measurement)).not.toContain('best practices');
});

// The phone bench's Chromium (scripts/bench/measure-phone-pages.ts) keeps chrome-launcher's flags
// and turns the address bar's popup page off: Chromium reads only the last --disable-features.
test('features to disable join the last --disable-features, or make one', () => {
  const launcherFlags = ['--disable-features=Translate,MediaRouter', '--no-first-run'];
  expect(withFeaturesDisabled(launcherFlags, omniboxPopupFeatures)).toEqual([
    '--disable-features=Translate,MediaRouter,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
    '--no-first-run',
  ]);
  expect(withFeaturesDisabled(['--disable-features=A', '--disable-features=B'], ['C'])).toEqual([
    '--disable-features=A',
    '--disable-features=B,C',
  ]);
  expect(withFeaturesDisabled(['--headless=new'], ['C'])).toEqual([
    '--headless=new',
    '--disable-features=C',
  ]);
});
