import { getConfig, type KerbsideConfig } from './config';

/**
 * Resolves once the browser has painted what the page already holds: the page the build rendered
 * in advance (src/shell/prerender.tsx), before any of the app's code runs. Where the app's scripts
 * are at hand at once (a fast connection, the service worker's cache), running them first would
 * hold that paint back until the app had started, a long wait on a phone's CPU. A page out of
 * sight gets no frames: it starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start(container: HTMLElement): Promise<void> {
  let config: KerbsideConfig;
  try {
    config = getConfig();
    // A page the build rendered in advance already carries its own title.
    if (!container.hasChildNodes()) document.title = config.appName;
  } catch (error) {
    // Without its configuration the app cannot reach anything: say so on the page, not only in the console.
    container.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  }
  await afterFirstPaint();
  // The app's code comes in chunks the page's HTML already asked for (webpack.config.ts,
  // `PageHtml`), so it downloads beside the HTML and runs only now.
  const { startApp } = await import(/* webpackChunkName: "app-start" */ './shell/start-app');
  await startApp(container, config);
}

// Development builds only: the "Open inspector" button (docs/testing.md, "Walking a flow with the inspector").
// The import sits inside a plain `if` on NODE_ENV (not in an async function, which Babel may
// rewrite into a state machine) so webpack sees a dead branch in production builds and leaves the
// inspector out (test/build/production-bundle.test.ts).
if (process.env.NODE_ENV !== 'production') {
  void import('./shell/inspector-controls').then((module) => module.showInspectorControls());
}

// Production builds only (webpack.config.ts emits the worker there). Its code loads after the
// page's, and it registers once the page has settled (src/shell/after-page-settles.ts), so the
// worker's downloads never compete with the first screen's. Not on a visitor's link (/visit/…):
// the worker's install downloads the whole resident's app, which a visitor's phone never runs.
if (
  process.env.NODE_ENV === 'production' &&
  'serviceWorker' in navigator &&
  !location.pathname.startsWith('/visit/')
) {
  window.addEventListener('load', () => {
    void import('./shell/service-worker').then((module) => module.registerServiceWorker());
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');
void start(container);
