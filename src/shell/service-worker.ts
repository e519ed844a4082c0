import { Workbox } from 'workbox-window';
import { afterPageSettles } from './after-page-settles';
import { reloadPage } from './reload-page';
import { waitingUpdate } from './waiting-update';

/**
 * Registers the production service worker (webpack.config.ts, GenerateSW) once the page has
 * settled: its first install downloads every chunk of the app, which must not compete with the
 * screen the resident is waiting for. When a new deploy's worker is installed and waiting, the
 * shell offers a reload rather than mixing versions; the page reloads once the new worker controls
 * it.
 */
export async function registerServiceWorker(): Promise<void> {
  await afterPageSettles();
  const workbox = new Workbox('/service-worker.js');
  // The first visit fetched /config.js before the worker existed: fetch it once through the worker
  // so a reload without signal finds the configuration too.
  let takeovers = 0;
  workbox.addEventListener('controlling', (event) => {
    takeovers += 1;
    if (!event.isUpdate) void fetch('/config.js').catch(() => undefined);
  });
  workbox.addEventListener('waiting', () => {
    const takeoversWhenOffered = takeovers;
    waitingUpdate.set(() => {
      // "Reload" in another tab made the new version take over this one too: no worker waits to
      // be told any more, so this tab's "Reload" reloads at once. Counted, not read from the
      // event's `isUpdate`: Workbox decides that once, at registration, so in a tab opened before
      // any worker (a first visit) every takeover reads as no update.
      if (takeovers > takeoversWhenOffered) return reloadPage();
      workbox.addEventListener('controlling', reloadPage);
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().catch((error: unknown) => {
    console.error('The service worker could not be registered', error);
  });
  // A page left open for days (a phone's tab) looks for a new deploy each time it is shown again,
  // not only when it loads.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
  });
}
