import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import type { KerbsideConfig } from '../config';
import { identityProviderOrigins, preloadIdentityProvider } from '../identity/identity';
import { deviceMayBeSignedIn } from '../identity/signed-in-mark';
import { preloadSignedInCalls } from '../api/api-modules';
import { activateLanguage } from '../i18n/activate-language';
import { languageOnDevice } from '../i18n/languages';
import { isPathOf, pages } from './pages';

/** The Prioritized Task Scheduling API, where the browser has it. */
const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;

/**
 * Resolves in a task of its own. The app starts in steps (below) with one in between, so the
 * browser can paint and answer a tap between them: one long task would block the page for all of
 * them together (Lighthouse's Total Blocking Time counts each task's time beyond 50 ms).
 * `scheduler.yield()` lets the browser do the same, then resumes the start ahead of other tasks
 * waiting (a `setTimeout` goes to the back of the queue); a timer where there is no scheduler.
 */
const nextTask = (): Promise<void> =>
  scheduler?.yield ? scheduler.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0));

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
 * The page the build rendered in advance into `container`, in the language the page is shown in
 * (`<html lang>`), inert until the app takes it over; null on a blank page. The build writes it
 * in English and in Welsh, `<div inert lang="en-GB">…</div><div inert lang="cy">…</div>`
 * (webpack.config.ts, `PageHtml`): the copy in the other language goes.
 */
function pageRenderedInAdvance(container: HTMLElement): HTMLElement | null {
  const shown = container.querySelector<HTMLElement>(
    `:scope > [inert][lang="${document.documentElement.lang}"]`,
  );
  if (shown) for (const copy of [...container.children]) if (copy !== shown) copy.remove();
  return shown;
}

/**
 * Starts the app into `container`, in steps of a task each (src/main.tsx calls it once the page
 * the build rendered in advance has been painted). Resolves to React's root.
 */
export async function startApp(container: HTMLElement, config: KerbsideConfig): Promise<Root> {
  // The page's first formatted date loads the browser's date data (ICU's): luxon asks for it with
  // the first permit (machines/permits/rules/london-time.ts) or a visitor's pass, 10-17 ms of the
  // main thread in Chromium with no slowdown. That data is the whole page's, so where dates come
  // first (signed-in pages, a visitor's link) a worker loads it, off the main thread, while the
  // app's chunks download; the page's first formatter then takes under 1 ms.
  const signedIn = deviceMayBeSignedIn();
  const datesFirst = signedIn || isPathOf(pages.visit.path, window.location.pathname);
  if (datesFirst && typeof Worker === 'function') new Worker('/date-formatting-warm-up.js');
  if (signedIn) {
    // The session's first steps on a device where someone is signed in need the identity provider
    // and the API's calls: their downloads start now, beside the app's own, not after the first
    // render. Profiled on My Permits (slow 4G, 4x CPU), the first paint came about 0.2 s sooner,
    // and the permit list's request 0.18 s sooner.
    preloadIdentityProvider();
    // Lighthouse's "Preconnect to required origins" on My Permits: about 150 ms for the API's.
    // The API client sends credentials (src/api/api-client.ts); the identity provider does not.
    preconnect(config.apiBaseUrl, 'credentialed');
    for (const origin of identityProviderOrigins()) preconnect(origin, 'anonymous');
    // Each chunk asked for adds a script element to the page, 1-2 ms each in Lighthouse's traces
    // of My Permits (Chromium notes the stack that asked). Five for the calls, two for the
    // identity provider, seven for the screen: each group in a task of its own, not all in one.
    await nextTask();
    preloadSignedInCalls();
    await nextTask();
  }
  // "eager": part of this chunk, evaluated only when imported, each in the step that imports it.
  const [{ createRoot, hydrateRoot }, { StrictMode, startTransition, useEffect }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ 'react-dom/client'),
      import(/* webpackMode: "eager" */ 'react'),
    ]);
  await nextTask();
  const { preloadScreenAt, pageWaitsForSession } = await import(
    /* webpackMode: "eager" */ './routes'
  );
  await nextTask();
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
  const [{ App }, { ScreenShownContext }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app'),
    import(/* webpackMode: "eager" */ './screen-shown'),
  ]);
  await nextTask();
  const { appSystem } = await import(/* webpackMode: "eager" */ './system');
  appSystem();
  await nextTask();
  // After the language is known: the copy of the page in that language is the one taken over.
  const prerendered = pageRenderedInAdvance(container);
  // A transition renders in slices that yield to the browser, rather than in one task; so does
  // hydration started in one (React gives it a transition's lane: outside one, hydration is a
  // single task).
  let root: Root | undefined;
  startTransition(() => {
    if (!prerendered) {
      root = createRoot(container);
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
      return;
    }
    // The page the build rendered in advance (src/shell/prerender.tsx, from the same tree:
    // ./app.tsx) is hydrated: React takes over the elements already painted instead of drawing
    // new ones, so the first paint stays the largest (LCP). The page takes input once React has
    // taken it over (`inert` until then, webpack.config.ts). Where the HTML does not match, React
    // draws the page anew and reports it (test/browser/prerendered-pages.test.ts fails on that).
    // Once taken over, the page's language is the document's (`<html lang>`), which follows the
    // resident's choice: the copy's own would contradict it.
    const takeOver = () => {
      prerendered.removeAttribute('inert');
      prerendered.removeAttribute('lang');
    };
    // React hydrates a page's screen after the rest of it, so a page with its screen drawn in
    // advance (a public page's form) is taken over once its screen says it is shown
    // (./screen-shown.tsx). A signed-in page is drawn in advance as its frame while the session
    // is checked (./session-check-layout.tsx), without a screen: it is React's with the rest.
    const drawnWithoutScreen = pageWaitsForSession(window.location.pathname);
    // A wrapper, not a sibling of <App />: a sibling would change the ids `useId` hands out.
    const TakenOver = ({ children }: { children: ReactNode }) => {
      useEffect(() => {
        if (drawnWithoutScreen) takeOver();
      }, []);
      return <ScreenShownContext.Provider value={takeOver}>{children}</ScreenShownContext.Provider>;
    };
    root = hydrateRoot(
      prerendered,
      <StrictMode>
        <TakenOver>
          <App />
        </TakenOver>
      </StrictMode>,
      {
        onRecoverableError: (error) =>
          console.error('Hydrating the page rendered in advance:', error),
      },
    );
  });
  return root!;
}
