import { getConfig } from '../../../src/config';
import { prerenderedPaths, prerenderPage } from '../../../src/shell/prerender';
import { startApp } from '../../../src/shell/start-app';
// Importing it gives the page the runtime configuration public/config.js would, which the
// prerender and the app read.
import '../../support/render';

// The app starts here as in a browser, in its own tasks, not inside Testing Library's act():
// React must not expect act() around its updates.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

/**
 * Opens `path` as a static host serves it (the page the build rendered in advance, inert, as
 * webpack.config.ts writes it), starts the app, and reports what the page showed when the app
 * took it over (the moment `inert` went): whether its heading was still the element the HTML
 * painted, and every console error meanwhile. React's development build reports each mismatch
 * between the HTML and its own first render there, attributes included. The page is rendered here,
 * in jsdom, where Emotion puts its styles into the document's head rather than the HTML: the
 * build's own pages, styles and minified HTML included, are hydrated in Chromium by
 * test/browser/prerendered-pages.test.ts.
 */
async function startOnPrerenderedPage(path: string) {
  const { html } = await prerenderPage(path);
  window.history.replaceState(null, '', path);
  // In English, as public/index.html's <html lang> and webpack.config.ts' copy say.
  document.documentElement.lang = 'en-GB';
  document.body.innerHTML = `<div id="root"><div inert lang="en-GB">${html}</div></div>`;
  // The page's heading; a signed-in page without one in src/shell/page-titles.ts' `pageHeadings`
  // paints none before the session is known, so its main element.
  const landmark = () => document.querySelector('h1') ?? document.querySelector('main');
  const painted = landmark();
  const errors: unknown[][] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => {
    errors.push(args);
  });
  const takenOver = new Promise<{ sameElement: boolean; shown: string | null }>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('#root [inert]')) return;
      observer.disconnect();
      const shown = landmark();
      resolve({ sameElement: shown === painted, shown: shown?.textContent ?? null });
    });
    observer.observe(document.body, { attributes: true, subtree: true, childList: true });
  });
  try {
    const root = await startApp(document.getElementById('root')!, getConfig());
    const shown = await takenOver;
    root.unmount();
    return { ...shown, errors };
  } finally {
    consoleError.mockRestore();
  }
}

test.each(prerenderedPaths)(
  '%s: the app takes over the painted page as it is (the same heading element), and React finds nothing in the HTML that differs from its own render',
  async (path) => {
    const { sameElement, shown, errors } = await startOnPrerenderedPage(path);
    expect(errors).toEqual([]);
    expect(shown).toEqual(expect.any(String));
    expect(sameElement).toBe(true);
  },
);
