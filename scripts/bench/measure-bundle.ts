import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type webpack from 'webpack';
import { launchChromium } from '../stack/chromium';
import { demoRuntimeConfig } from '../stack/demo-runtime-config';
import { buildProductionBundle, type ProductionBuildStats } from '../stack/production-build';
import { startStaticWebServer } from '../stack/static-web-server';
import { measurePageScripts, type PageScripts } from './measure-page-scripts';

export interface BundleSizes {
  /**
   * Gzipped bytes of every script that starts the app: the entry, and the chunks it loads once the
   * page has been painted (src/main.tsx), which every page's HTML asks for.
   */
  initialJsGzipBytes: number;
  /** Gzipped bytes of the biggest chunk loaded later, when a route is opened. */
  largestLazyChunkGzipBytes: number;
  /** The screens whose routes load that chunk. */
  largestLazyChunkName: string;
  /** Gzipped bytes of framer-motion's vendor chunk, loaded with the screens that animate. */
  motionVendorGzipBytes: number;
  /**
   * Gzipped bytes of every chunk the visitor's page (/visit/<token>) loads beyond those that start
   * the app: its screen's chunk and the chunks it shares, vendors included.
   */
  visitorPageGzipBytes: number;
  /** Gzipped bytes of the Welsh catalogue's chunk, which loads only when Welsh is chosen. */
  welshCatalogueGzipBytes: number;
  /** Every script Chromium fetches for /login from the build served as a static host would. */
  loginPageScripts: PageScripts;
}

function gzipBytesOf(outputPath: string, files: readonly string[]): number {
  return files
    .filter((file) => file.endsWith('.js'))
    .reduce(
      (total, file) => total + gzipSync(fs.readFileSync(path.join(outputPath, file))).length,
      0,
    );
}

/** /login signed out, from `outputPath` served statically, with no API host behind it. */
async function measureLoginPage(outputPath: string): Promise<PageScripts> {
  const web = await startStaticWebServer({
    root: outputPath,
    port: 0,
    runtimeConfig: demoRuntimeConfig(),
  });
  try {
    const browser = await launchChromium();
    try {
      return await measurePageScripts(browser, `${web.url}/login`);
    } finally {
      await browser.close();
    }
  } finally {
    await web.stop();
  }
}

/** Builds the production bundle into outputPath and measures what the browser downloads. */
export async function measureBundle(outputPath: string): Promise<BundleSizes> {
  return measureBuiltBundle(outputPath, await buildProductionBundle(outputPath));
}

/** Measures what the browser downloads of the production bundle already built in outputPath. */
export async function measureBuiltBundle(
  outputPath: string,
  stats: ProductionBuildStats,
): Promise<BundleSizes> {
  const { chunks = [] } = stats;
  const appStartChunks = new Set(stats.namedChunkGroups?.['app-start']?.chunks ?? []);
  if (appStartChunks.size === 0) throw new Error('The build has no "app-start" chunk group.');
  const startsTheApp = (chunk: webpack.StatsChunk) =>
    chunk.initial || (chunk.id !== undefined && appStartChunks.has(chunk.id));
  const initialFiles = chunks.filter(startsTheApp).flatMap((chunk) => chunk.files ?? []);
  const isVendor = (chunk: webpack.StatsChunk) =>
    (chunk.names ?? []).some((name) => name.startsWith('vendor-'));
  const lazyChunks = chunks
    .filter((chunk) => !startsTheApp(chunk) && !isVendor(chunk))
    .map((chunk) => ({
      // The screens that import a lazy chunk say which routes pay for it.
      name: [...new Set((chunk.origins ?? []).map((origin) => path.basename(origin.request ?? '')))]
        .sort()
        .join(' + '),
      bytes: gzipBytesOf(outputPath, chunk.files ?? []),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = lazyChunks[0];
  return {
    initialJsGzipBytes: gzipBytesOf(outputPath, [...new Set(initialFiles)]),
    largestLazyChunkGzipBytes: largest?.bytes ?? 0,
    largestLazyChunkName: largest?.name ?? '(none)',
    motionVendorGzipBytes: gzipBytesOf(
      outputPath,
      chunks
        .filter((chunk) => (chunk.names ?? []).includes('vendor-motion'))
        .flatMap((chunk) => chunk.files ?? []),
    ),
    visitorPageGzipBytes: gzipBytesOf(
      outputPath,
      chunks
        .filter((chunk) => !startsTheApp(chunk))
        .filter((chunk) =>
          (chunk.origins ?? []).some((origin) =>
            /visitor-booking[\\/]visitor-booking-screen$/.test(origin.request ?? ''),
          ),
        )
        .flatMap((chunk) => chunk.files ?? []),
    ),
    welshCatalogueGzipBytes: gzipBytesOf(
      outputPath,
      chunks
        .filter((chunk) => (chunk.names ?? []).includes('welsh'))
        .flatMap((chunk) => chunk.files ?? []),
    ),
    loginPageScripts: await measureLoginPage(outputPath),
  };
}
