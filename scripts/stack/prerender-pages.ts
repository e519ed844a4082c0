import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { messages as welshMessages } from '../../locales/cy/app';
import { i18n } from '../../src/i18n/i18n';
import { prerenderedPaths, prerenderPage } from '../../src/shell/prerender';
import { pageWaitsForSession } from '../../src/shell/routes';
import { hoistPageStyles } from './page-styles';

/**
 * `tsx scripts/stack/prerender-pages.ts`: prints the pages rendered in advance, in English and in
 * Welsh, as JSON `[{ path, title, waitsForSession, styles, html, welsh: { title, html } }]`, with
 * the runtime configuration the build ships in public/config.js. `waitsForSession`: a signed-in
 * page, drawn as its frame while the session is checked (src/shell/session-check-layout.tsx).
 * `styles` are the two copies' Chakra styles, once each, for the page's `<head>`
 * (./page-styles.ts); `html` holds none.
 * webpack.config.ts runs it in a process of its own, with `NODE_ENV=production`, so that the
 * app's modules and React's server renderer stay out of webpack's process.
 */
async function prerenderPages(): Promise<void> {
  const sandbox: { window: { __KERBSIDE_CONFIG__?: unknown } } = { window: {} };
  vm.runInNewContext(
    fs.readFileSync(path.resolve(__dirname, '../../public/config.js'), 'utf8'),
    sandbox,
  );
  globalThis.__KERBSIDE_CONFIG__ = sandbox.window.__KERBSIDE_CONFIG__;
  const pages = [];
  for (const pathname of prerenderedPaths) {
    const english = await prerenderPage(pathname);
    i18n.loadAndActivate({ locale: 'cy', messages: welshMessages });
    const welsh = await prerenderPage(pathname);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { styles, copies } = hoistPageStyles([english.html, welsh.html]);
    pages.push({
      path: pathname,
      title: english.title,
      waitsForSession: pageWaitsForSession(pathname),
      styles,
      html: copies[0],
      welsh: { title: welsh.title, html: copies[1] },
    });
  }
  process.stdout.write(JSON.stringify(pages));
}

prerenderPages().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
