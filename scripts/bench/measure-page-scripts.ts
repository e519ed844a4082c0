import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageScripts {
  /** Path of each script response the page received, with its gzip size. */
  scripts: Array<{ path: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

/**
 * Every script Chromium fetches for a page, from navigation until the network has been idle for
 * half a second, with the gzip size of each response body: what a phone downloads, not what one
 * chunk weighs.
 */
export async function measurePageScripts(browser: Browser, url: string): Promise<PageScripts> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const pending: Array<Promise<{ path: string; gzipBytes: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          gzipBytes: gzipSync(body).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    return {
      scripts,
      totalGzipBytes: scripts.reduce((total, script) => total + script.gzipBytes, 0),
    };
  } finally {
    await context.close();
  }
}
