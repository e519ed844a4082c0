import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { seedDemoDatabase } from '../../server/admin/seed-demo-database';
import { defaultDemoInviteCode } from '../../server/admin/admin-command';
import { openDatabase } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { demoRuntimeConfig } from '../stack/demo-runtime-config';
import { findFreePort } from '../stack/free-port';
import { startStaticWebServer } from '../stack/static-web-server';
import type { CleanupStack } from './cleanup-stack';
import {
  calibratedCpuSlowdown,
  defaultCpuSlowdown,
  mobileThrottling,
  phoneRuns,
  type LighthouseFigures,
  type PhonePage,
  type PhonePagesMeasurement,
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
const signedInPermits = 60;

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
    return { email: demo.email, password: demo.password };
  } finally {
    await connection.close();
  }
}

/**
 * Lighthouse 12 (mobile, its default) on the production build in `outputPath` served as a static
 * host would, `rounds` times each in alternating order: a bare baseline page, /login signed out,
 * and /my-permits signed in. Each run is taken twice, with the CPU slowdown calibrated to this
 * machine (phone-calibration.ts; the benchmarkIndex from a warm-up run on the bare page) and at
 * Lighthouse's default 4×; the network throttling is the mobile profile's in both. The signed-in page is measured in a Chromium of its own that signed
 * in through the login form once (over CDP) and keeps that storage; before each of its runs the
 * service worker, its caches and the HTTP cache are emptied, so its scripts are fetched as on a
 * first visit.
 */
export async function measurePhonePages(
  outputPath: string,
  dataDir: string,
  authEmulatorHost: string,
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
    authEmulatorHost,
    reconciler: false,
  });
  cleanups.push(() => api.stop());
  const web = await startStaticWebServer({
    root: outputPath,
    port: webPort,
    runtimeConfig: demoRuntimeConfig(api.url, `http://${authEmulatorHost}`),
  });
  cleanups.push(() => web.stop());

  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const launchChromium = async () => {
    const chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    cleanups.push(() => chrome.kill());
    return chrome;
  };
  // Lighthouse's storage reset leaves IndexedDB, where Firebase keeps the session: the signed-out
  // pages get a Chromium that never signs in, the signed-in page one that stays signed in.
  const signedOut = await launchChromium();
  const signedIn = await launchChromium();

  const audit = async (
    chromePort: number,
    url: string,
    keepStorage: boolean,
    cpuSlowdownMultiplier: number,
    label: string,
  ): Promise<LighthouseFigures> => {
    const result = await lighthouse(
      url,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: keepStorage,
        throttlingMethod: 'simulate',
        throttling: mobileThrottling(cpuSlowdownMultiplier),
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}.`);
    if (reportsDir !== undefined) {
      // The page's path, the run's kind and time name the file: my-permits-calibrated-<ms>.json.
      const page = new URL(url).pathname.replace(/^\//, '').replace(/\.html$/, '');
      writeFileSync(
        path.join(reportsDir, `${page}-${label}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const items = (
      lhr.audits['resource-summary']?.details as
        | { items: Array<{ resourceType: string; transferSize: number; requestCount: number }> }
        | undefined
    )?.items;
    const scripts = items?.find((item) => item.resourceType === 'script');
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      scriptTransferBytes: scripts?.transferSize ?? 0,
      scriptRequests: scripts?.requestCount ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
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

  // The warm-up run (on the bare page, not counted) reads how fast this machine's CPU is now.
  const warmUp = await audit(
    signedOut.port,
    `${webUrl}/${baselineFile}`,
    false,
    defaultCpuSlowdown,
    'warm-up',
  );
  const calibration = {
    benchmarkIndex: warmUp.benchmarkIndex,
    cpuSlowdownMultiplier: calibratedCpuSlowdown(warmUp.benchmarkIndex),
  };

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
  const page = (name: string, measured: Runs): PhonePage => ({
    name,
    calibrated: phoneRuns(measured.calibrated),
    uncalibrated: phoneRuns(measured.uncalibrated),
  });
  return {
    calibration,
    baseline: page(`bare static page (/${baselineFile})`, baselineRuns),
    pages: [
      page('/login, signed out', loginRuns),
      page(`/my-permits, signed in (${signedInPermits} permits)`, myPermitsRuns),
    ],
  };
}
