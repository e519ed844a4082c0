import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getConfig } from './config';
import { App } from './shell/app';
import { attachInspectorWhenRequested } from './shell/inspector';

async function start(container: HTMLElement): Promise<void> {
  try {
    document.title = getConfig().appName;
  } catch (error) {
    // Without its configuration the app cannot reach anything: say so on the page, not only in the console.
    container.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  }
  await attachInspectorWhenRequested(window.location.search);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
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
