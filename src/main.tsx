import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getConfig } from './config';
import { App } from './shell/app';
import { preloadScreenAt } from './shell/routes';

async function start(container: HTMLElement): Promise<void> {
  try {
    document.title = getConfig().appName;
  } catch (error) {
    // Without its configuration the app cannot reach anything: say so on the page, not only in the console.
    container.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  }
  // The first page's screen is loaded before the first render, so that React goes from the page
  // the build rendered in advance (src/shell/prerender.tsx), or from the blank page, straight to
  // the screen. A chunk that cannot load is shown by the page's error boundary.
  await preloadScreenAt(window.location.pathname).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Development builds only: the "Open inspector" button (README "Walking a flow with the inspector").
// The import sits inside a plain `if` on NODE_ENV (not in an async function, which Babel may
// rewrite into a state machine) so webpack sees a dead branch in production builds and leaves the
// inspector out (test/build/production-bundle.test.ts).
if (process.env.NODE_ENV !== 'production') {
  void import('./shell/inspector-controls').then((module) => module.showInspectorControls());
}

// Production builds only (webpack.config.ts emits the worker there), after the page has loaded so
// the worker's downloads never compete with the first screen's.
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./shell/service-worker').then((module) => module.registerServiceWorker());
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');
void start(container);
