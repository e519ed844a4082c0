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
import { seedPermits } from './seed-permits';
import { startApiProcess } from './start-api-process';

/** One Lighthouse run's figures (mobile profile: simulated slow 4G, 4× slower CPU). */
export interface LighthouseFigures {
  /** 0–100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of every script the page loaded, as transferred (gzip from the static server). */
  scriptTransferBytes: number;
  scriptRequests: number;
}

export interface PhonePage {
  name: string;
  /** The run with the median performance score. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
}

export interface PhonePagesMeasurement {
  /** A bare static HTML page from the same server, measured the same way, in the same rounds. */
  baseline: PhonePage;
  pages: PhonePage[];
}

const baselineFile = 'bench-baseline.html';
// What a static host serves at its cheapest: the page's words and nothing to run.
const baselineHtml = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kerbside baseline</title></head>
<body><main><h1>Sign in to Kerbside</h1><p>A bare page: the floor any page of this host can reach.</p></main></body></html>
`;
const signedInPermits = 60;

function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as LighthouseFigures;
}

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
 * and /my-permits signed in. The signed-in page is measured in a Chromium of its own that signed
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
  ): Promise<LighthouseFigures> => {
    const result = await lighthouse(
      url,
      {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: keepStorage,
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}.`);
    if (reportsDir !== undefined) {
      // The page's path and the run's time name the file: /my-permits -> my-permits-<ms>.json.
      const page = new URL(url).pathname.replace(/^\//, '').replace(/\.html$/, '');
      writeFileSync(path.join(reportsDir, `${page}-${Date.now()}.json`), JSON.stringify(lhr));
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

  const baselineRuns: LighthouseFigures[] = [];
  const loginRuns: LighthouseFigures[] = [];
  const myPermitsRuns: LighthouseFigures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    baselineRuns.push(await audit(signedOut.port, `${webUrl}/${baselineFile}`, false));
    loginRuns.push(await audit(signedOut.port, `${webUrl}/login`, false));
    await emptyCaches();
    myPermitsRuns.push(await audit(signedIn.port, `${webUrl}/my-permits`, true));
  }
  const page = (name: string, measured: LighthouseFigures[]): PhonePage => ({
    name,
    median: medianRun(measured),
    runs: measured,
  });
  return {
    baseline: page(`bare static page (/${baselineFile})`, baselineRuns),
    pages: [
      page('/login, signed out', loginRuns),
      page(`/my-permits, signed in (${signedInPermits} permits)`, myPermitsRuns),
    ],
  };
}
