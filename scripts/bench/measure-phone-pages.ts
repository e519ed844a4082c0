import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { seedDemoDatabase } from '../../server/admin/seed-demo-database';
import { defaultDemoInviteCode } from '../../server/admin/admin-command';
import { openDatabase } from '../../server/db/database';
import { permits, users } from '../../server/db/schema';
import { omniboxPopupFeatures, withFeaturesDisabled } from '../stack/chromium';
import { demoRuntimeConfig } from '../stack/demo-runtime-config';
import { findFreePort } from '../stack/free-port';
import { startStaticWebServer } from '../stack/static-web-server';
import type { CleanupStack } from './cleanup-stack';
import { lowerLabSessions } from './lab-scheduling';
import {
  blockingBeforeFirstPaint,
  calibrationFromWarmUps,
  defaultCpuSlowdown,
  mainThreadTime,
  observedLargestPaint,
  mobileThrottling,
  phoneRuns,
  mobileNetworkThrottling,
  type LighthouseFigures,
  type PageQuality,
  type TraceEvent,
  type PhonePage,
  type PhonePagesMeasurement,
  type SimulatedTask,
} from './phone-calibration';
import { seedPermits } from './seed-permits';
import { startApiProcess } from './start-api-process';

const baselineFile = 'bench-baseline.html';
// What a static host serves at its cheapest: the page's words and nothing to run.
const baselineHtml = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kerbside baseline</title></head>
<body><main><h1>Sign in to Kerbside</h1><p>A bare page: the floor any page of this host can reach.</p></main></body></html>
`;
// Issue 38's target for My Permits is set with 20 permits: a full first page of the list.
const signedInPermits = 20;
const loginPageName = '/login, signed out';
const myPermitsPageName = `/my-permits, signed in (${signedInPermits} permits)`;

/** The demo resident with a page-filling list of permits, in a PGlite directory of its own. */
async function seedSignedInResident(dataDir: string): Promise<{ email: string; password: string }> {
  const connection = await openDatabase({ dataDir });
  try {
    const demo = await seedDemoDatabase(connection.db, defaultDemoInviteCode);
    const [resident] = await connection.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demo.email));
    if (!resident) throw new Error('The demo resident is not in the database.');
    await seedPermits(connection.db, {
      residentId: resident.id,
      residentPermits: signedInPermits,
      // A neighbour's permits share the table, as on any real site.
      otherResidents: 1,
      permitsPerOtherResident: 20,
    });
    // My Permits lists the permits created today in London (its default filters, docs/contract.md
    // §9), and the seed spreads its permits over the past day: at 02:00 it would list none, and
    // the page measured would be a hint that they are on other dates. The resident's are made
    // created now, a second apart, so that all 20 are listed whenever the bench runs, unless
    // London's midnight comes within the run.
    const residentPermits = await connection.db
      .select({ id: permits.id })
      .from(permits)
      .where(eq(permits.userId, resident.id));
    const now = Date.now();
    for (const [index, permit] of residentPermits.entries()) {
      await connection.db
        .update(permits)
        .set({ createdAt: new Date(now - index * 1000) })
        .where(eq(permits.id, permit.id));
    }
    return { email: demo.email, password: demo.password };
  } finally {
    await connection.close();
  }
}

/** Warm-up runs on the bare page whose median benchmarkIndex calibrates the CPU slowdown. */
const warmUpRuns = 3;

/**
 * Lighthouse 12 (mobile, its default) on the production build in `outputPath` served as a static
 * host would, `rounds` times each in alternating order: a bare baseline page, /login signed out,
 * and /my-permits signed in. Each run is taken twice, with the CPU slowdown calibrated to this
 * machine (phone-calibration.ts; the median benchmarkIndex of `warmUpRuns` runs on the bare page)
 * and at Lighthouse's default 4×; the network throttling is the mobile profile's in both. The
 * signed-in page is measured in a Chromium of its own that signed in through the login form once
 * (over CDP) and keeps that storage; before each of its runs the service worker, its caches and
 * the HTTP cache are emptied, so its scripts are fetched as on a first visit. Then a run each of
 * the accessibility and best-practices categories on /login and /my-permits, and, at both
 * slowdowns, signing in on /login: its INP (`measureSignInInteraction`).
 */
export async function measurePhonePages(
  outputPath: string,
  dataDir: string,
  authEmulator: { host: string; pid: number },
  cleanups: CleanupStack,
  reportsDir?: string,
  rounds = 3,
): Promise<PhonePagesMeasurement> {
  writeFileSync(path.join(outputPath, baselineFile), baselineHtml);
  if (reportsDir !== undefined) mkdirSync(reportsDir, { recursive: true });
  const resident = await seedSignedInResident(dataDir);
  const webPort = await findFreePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const api = await startApiProcess({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    webOrigin: webUrl,
    authEmulatorHost: authEmulator.host,
    reconciler: false,
  });
  cleanups.push(() => api.stop());
  const web = await startStaticWebServer({
    root: outputPath,
    port: webPort,
    runtimeConfig: demoRuntimeConfig(api.url, `http://${authEmulator.host}`),
  });
  cleanups.push(() => web.stop());

  const { default: lighthouse } = await import('lighthouse');
  const { launch, Launcher } = await import('chrome-launcher');
  const launchChromium = async () => {
    const chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      // chrome-launcher's own flags, with the address bar's popup page also off: its renderer
      // works at each navigation, beside the page on the same two cores.
      ignoreDefaultFlags: true,
      chromeFlags: withFeaturesDisabled(
        [
          ...Launcher.defaultFlags(),
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
        ],
        omniboxPopupFeatures,
      ),
    });
    cleanups.push(() => chrome.kill());
    return chrome;
  };
  // Lighthouse's storage reset leaves IndexedDB, where Firebase keeps the session: the signed-out
  // pages get a Chromium that never signs in, the signed-in page one that stays signed in.
  const signedOut = await launchChromium();
  const signedIn = await launchChromium();
  // The browser's name and version as DevTools reports them, for the output's "Browser:" line.
  const version = (await (
    await fetch(`http://127.0.0.1:${signedOut.port}/json/version`)
  ).json()) as { Browser?: string };

  /** One Lighthouse run of `categories` on `url`, its report (and trace) kept in `reportsDir`. */
  const runLighthouse = async (
    chromePort: number,
    url: string,
    keepStorage: boolean,
    cpuSlowdownMultiplier: number,
    categories: string[],
    label: string,
  ) => {
    const result = await lighthouse(
      url,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        disableStorageReset: keepStorage,
        throttlingMethod: 'simulate',
        throttling: mobileThrottling(cpuSlowdownMultiplier),
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}.`);
    // Only a performance run records a trace.
    const trace = result.artifacts.Trace as { traceEvents: TraceEvent[] } | undefined;
    if (reportsDir !== undefined) {
      // The page's path, the run's kind and time name the files: my-permits-calibrated-<ms>.json,
      // and its trace (for DevTools' Performance panel) my-permits-calibrated-<ms>.trace.json.
      const name = `${new URL(url).pathname.replace(/^\//, '').replace(/\.html$/, '')}-${label}-${Date.now()}`;
      writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr));
      if (trace) writeFileSync(path.join(reportsDir, `${name}.trace.json`), JSON.stringify(trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return { lhr, trace };
  };

  const audit = async (
    chromePort: number,
    url: string,
    keepStorage: boolean,
    cpuSlowdownMultiplier: number,
    label: string,
  ): Promise<LighthouseFigures> => {
    const { lhr, trace } = await runLighthouse(
      chromePort,
      url,
      keepStorage,
      cpuSlowdownMultiplier,
      ['performance'],
      label,
    );
    if (!trace) throw new Error(`Lighthouse kept no trace of ${url}.`);
    const items = (
      lhr.audits['resource-summary']?.details as
        | { items: Array<{ resourceType: string; transferSize: number; requestCount: number }> }
        | undefined
    )?.items;
    const scripts = items?.find((item) => item.resourceType === 'script');
    const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
    // With simulated throttling the audit lists the simulated main thread's long tasks.
    const longTasks =
      (lhr.audits['long-tasks']?.details as { items?: SimulatedTask[] } | undefined)?.items ?? [];
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      scriptTransferBytes: scripts?.transferSize ?? 0,
      scriptRequests: scripts?.requestCount ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      mainThread: mainThreadTime(trace.traceEvents, cpuSlowdownMultiplier),
      largestPaint: observedLargestPaint(trace.traceEvents),
      blockingBeforePaintMs: blockingBeforeFirstPaint(longTasks, fcpMs),
    };
  };

  /** A tab in the signed-in Chromium, driven over CDP and closed after `work`. */
  const inSignedInChromium = async (work: (page: Page) => Promise<void>): Promise<void> => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${signedIn.port}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('Chromium has no default context to drive.');
      const page = await context.newPage();
      await work(page);
      await page.close();
    } finally {
      // Disconnects; the Chromium that chrome-launcher started keeps running.
      await browser.close();
    }
  };

  await inSignedInChromium(async (page) => {
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('Email').fill(resident.email);
    await page.getByLabel('Password').fill(resident.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${webUrl}/`, { timeout: 60_000 });
    await page.goto(`${webUrl}/my-permits`);
    // The heading comes with the page's HTML; the account menu once the session is known.
    await page.getByRole('button', { name: /^Account menu/ }).waitFor({ timeout: 60_000 });
    // The worker registers after the page loads: wait for it, so that emptying it below holds.
    await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise((resolve) => setTimeout(resolve, 15_000)),
      ]),
    );
  });
  /** No service worker, worker cache or HTTP cache: the scripts load as on a first visit. */
  const emptyCaches = () =>
    inSignedInChromium(async (page) => {
      await page.goto(`${webUrl}/${baselineFile}`);
      await page.evaluate(async () => {
        const registrations = await navigator.serviceWorker.getRegistrations();
        await Promise.all(registrations.map((registration) => registration.unregister()));
        await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    });

  // From the warm-ups to the last run, the lab's processes give way to the browser, which a phone
  // shares with no server (lab-scheduling.ts); put back for the benchmarks that follow.
  const scheduling = lowerLabSessions([process.pid, api.pid, authEmulator.pid]);
  const forgetRestore = cleanups.push(() => scheduling.restore());
  // The warm-up runs (on the bare page, not counted) read how fast this machine's CPU is now.
  const warmUpIndexes: number[] = [];
  for (let warmUp = 0; warmUp < warmUpRuns; warmUp += 1) {
    const figures = await audit(
      signedOut.port,
      `${webUrl}/${baselineFile}`,
      false,
      defaultCpuSlowdown,
      'warm-up',
    );
    warmUpIndexes.push(figures.benchmarkIndex);
  }
  const calibration = calibrationFromWarmUps(warmUpIndexes);

  type Runs = { calibrated: LighthouseFigures[]; uncalibrated: LighthouseFigures[] };
  const runs = (): Runs => ({ calibrated: [], uncalibrated: [] });
  const baselineRuns = runs();
  const loginRuns = runs();
  const myPermitsRuns = runs();
  for (let round = 0; round < rounds; round += 1) {
    // Which slowdown goes first alternates, so neither always meets the other's leftovers.
    const modes: Array<keyof Runs> =
      round % 2 === 0 ? ['calibrated', 'uncalibrated'] : ['uncalibrated', 'calibrated'];
    for (const mode of modes) {
      const multiplier =
        mode === 'calibrated' ? calibration.cpuSlowdownMultiplier : defaultCpuSlowdown;
      baselineRuns[mode].push(
        await audit(signedOut.port, `${webUrl}/${baselineFile}`, false, multiplier, mode),
      );
      loginRuns[mode].push(await audit(signedOut.port, `${webUrl}/login`, false, multiplier, mode));
      await emptyCaches();
      myPermitsRuns[mode].push(
        await audit(signedIn.port, `${webUrl}/my-permits`, true, multiplier, mode),
      );
    }
  }
  /** One run of Lighthouse's accessibility and best-practices categories on `url`. */
  const qualityOf = async (
    chromePort: number,
    url: string,
    keepStorage: boolean,
    name: string,
  ): Promise<PageQuality> => {
    const { lhr } = await runLighthouse(
      chromePort,
      url,
      keepStorage,
      calibration.cpuSlowdownMultiplier,
      ['accessibility', 'best-practices'],
      'quality',
    );
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    return {
      name,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      failing: [...new Set(failing)],
    };
  };
  const quality = [await qualityOf(signedOut.port, `${webUrl}/login`, false, loginPageName)];
  await emptyCaches();
  quality.push(await qualityOf(signedIn.port, `${webUrl}/my-permits`, true, myPermitsPageName));

  const signInInteraction = { calibrated: [] as number[], uncalibrated: [] as number[] };
  for (let round = 0; round < rounds; round += 1) {
    const modes: Array<keyof typeof signInInteraction> =
      round % 2 === 0 ? ['calibrated', 'uncalibrated'] : ['uncalibrated', 'calibrated'];
    for (const mode of modes) {
      const multiplier =
        mode === 'calibrated' ? calibration.cpuSlowdownMultiplier : defaultCpuSlowdown;
      signInInteraction[mode].push(
        await measureSignInInteraction(signedOut.port, webUrl, resident, multiplier),
      );
    }
  }

  scheduling.restore();
  forgetRestore();

  const page = (name: string, measured: Runs): PhonePage => ({
    name,
    calibrated: phoneRuns(measured.calibrated),
    uncalibrated: phoneRuns(measured.uncalibrated),
  });
  return {
    calibration,
    baseline: page(`bare static page (/${baselineFile})`, baselineRuns),
    pages: [page(loginPageName, loginRuns), page(myPermitsPageName, myPermitsRuns)],
    signInInteraction,
    quality,
    labScheduling: scheduling.description,
    browser: version.Browser,
  };
}

/**
 * The Interaction to Next Paint of signing in on /login, as a resident on a phone does: the email
 * and password typed key by key once the app has taken the page over, then "Sign in" pressed. The
 * worst interaction's, from the web-vitals library (`onINP`, every change reported: the page is
 * never hidden, and fewer than 50 interactions leave none out). In a fresh browser context of the
 * signed-out Chromium, so the session it makes goes with it; the CPU slowed by `cpuSlowdown`
 * (DevTools' throttling, as a Lighthouse timespan applies it) and the network the mobile profile's.
 */
async function measureSignInInteraction(
  chromePort: number,
  webUrl: string,
  resident: { email: string; password: string },
  cpuSlowdown: number,
): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: mobileNetworkThrottling.requestLatencyMs,
      downloadThroughput: (mobileNetworkThrottling.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (mobileNetworkThrottling.uploadThroughputKbps * 1024) / 8,
    });
    // Injected by the browser, not the page: the page's Content-Security-Policy does not apply.
    // The package exports no path to its script build, which sits beside the CommonJS one; its
    // `var webVitals` is made a global, as Playwright runs an init script inside a function.
    const webVitalsScript = readFileSync(
      path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
      'utf8',
    );
    await page.addInitScript({ content: `${webVitalsScript};window.webVitals = webVitals;` });
    await page.addInitScript(() => {
      const vitals = (
        window as unknown as {
          webVitals: {
            onINP(report: (metric: { value: number }) => void, options: object): void;
          };
        }
      ).webVitals;
      // Every interaction of 16 ms or more (Event Timing's floor), not only those over 40 ms.
      vitals.onINP((metric) => Object.assign(window, { inpMs: metric.value }), {
        reportAllChanges: true,
        durationThreshold: 16,
      });
    });
    await page.goto(`${webUrl}/login`);
    // The form takes input once the app has taken the page over (src/shell/start-app.tsx).
    // Both copies (English, Welsh) are inert until then; the app removes one and takes the other.
    await page.waitForFunction(() => !document.querySelector('#root [inert]'), undefined, {
      timeout: 60_000,
    });
    await page.getByLabel('Email').pressSequentially(resident.email, { delay: 30 });
    await page.getByLabel('Password').pressSequentially(resident.password, { delay: 30 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${webUrl}/`, { timeout: 60_000 });
    // The click's next paint has been reported once the dashboard is on its way; a frame more.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const inpMs = await page.evaluate(() => (window as unknown as { inpMs?: number }).inpMs);
    await context.close();
    if (inpMs === undefined) throw new Error('web-vitals reported no INP for signing in.');
    return inpMs;
  } finally {
    await browser.close();
  }
}
