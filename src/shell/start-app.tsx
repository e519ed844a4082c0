import type { KerbsideConfig } from '../config';
import { identityProviderOrigins, preloadIdentityProvider } from '../identity/identity';
import { deviceMayBeSignedIn } from '../identity/signed-in-mark';
import { preloadSignedInCalls } from '../api/api-modules';
import { activateLanguage } from '../i18n/activate-language';
import { languageOnDevice } from '../i18n/languages';

/**
 * Resolves in a task of its own. The app starts in steps (below) with one in between, so the
 * browser can paint and answer a tap between them: one long task would block the page for all of
 * them together (Lighthouse's Total Blocking Time counts each task's time beyond 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Asks the browser to open a connection to `url`'s origin now, before the first call there needs
 * one: on a phone the handshake is round trips of its own. `anonymous` for calls sent without
 * credentials, which use connections of their own.
 */
function preconnect(url: string, credentials: 'credentialed' | 'anonymous'): void {
  const origin = new URL(url, window.location.href).origin;
  if (origin === window.location.origin) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  if (credentials === 'anonymous') link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/**
 * Starts the app into `container`, in steps of a task each (src/main.tsx calls it once the page
 * the build rendered in advance has been painted).
 */
export async function startApp(container: HTMLElement, config: KerbsideConfig): Promise<void> {
  if (deviceMayBeSignedIn()) {
    // The session's first steps on a device where someone is signed in need the identity provider
    // and the API's calls: their downloads start now, beside the app's own, not after the first
    // render. Profiled on My Permits (slow 4G, 4x CPU), the first paint came about 0.2 s sooner,
    // and the permit list's request 0.18 s sooner.
    preloadIdentityProvider();
    preloadSignedInCalls();
    // Lighthouse's "Preconnect to required origins" on My Permits: about 150 ms for the API's.
    // The API client sends credentials (src/api/api-client.ts); the identity provider does not.
    preconnect(config.apiBaseUrl, 'credentialed');
    for (const origin of identityProviderOrigins()) preconnect(origin, 'anonymous');
  }
  // "eager": part of this chunk, evaluated only when imported, each in the step that imports it.
  const [{ createRoot }, { StrictMode, startTransition }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ 'react'),
  ]);
  await nextTask();
  const { preloadScreenAt, pageWaitsForSession } = await import(
    /* webpackMode: "eager" */ './routes'
  );
  // The first page's screen is loaded before the first render, so that React goes from the page
  // the build rendered in advance (src/shell/prerender.tsx), or from the blank page, straight to
  // the screen. A chunk that cannot load is shown by the page's error boundary.
  const screenLoaded = preloadScreenAt(window.location.pathname).catch(() => undefined);
  // The language chosen on this device, before the first render: a resident who chose Welsh sees
  // no English (public/language.js painted the Welsh copy of a page rendered in advance). English
  // is in the code; Welsh loads its catalogue here, beside the screen.
  const { language } = languageOnDevice();
  const languageShown = language === 'cy' ? activateLanguage('cy') : Promise.resolve();
  // A signed-in page first shows its frame while the session is checked: the session's first
  // steps (the identity provider, then the profile) start with that render, while the screen goes
  // on loading beside them. Profiled on My Permits (slow 4G, 4x CPU), the page was drawn 0.8 s
  // sooner (LCP 4.0 s to 3.2 s): waiting for the screen had held the session back until its chunks
  // were in.
  if (!pageWaitsForSession(window.location.pathname)) await screenLoaded;
  // A catalogue that cannot load leaves the page in English rather than blank.
  await languageShown.catch(() => undefined);
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await nextTask();
  const { appSystem } = await import(/* webpackMode: "eager" */ './system');
  appSystem();
  await nextTask();
  // A transition renders in slices that yield to the browser, rather than in one task.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
