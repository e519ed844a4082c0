import { useLingui } from '@lingui/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, type Location } from 'react-router';
import { getConfig } from '../config';
import { PageProblemContext } from '../ui/page-problem';
import { PageTitleContext } from '../ui/page-title';
import { FlashMessageOutlet } from './flash-message-outlet';
import { PageErrorBoundary } from './page-error-boundary';
import { PageSpinner } from './page-spinner';
import { ScreenShown } from './screen-shown';
import { pageTitle } from './page-titles';

/**
 * Where the tab's history stands: React Router numbers its entries in their state (`idx`). Null
 * where the router keeps no history of the browser's (the build's prerender, a memory router).
 */
function historyIndex(): number | null {
  const state: unknown = globalThis.history?.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/** One stay on a page: the address it began at, where the history stood, and its number. */
interface PageVisit {
  location: Location;
  index: number | null;
  number: number;
}

/**
 * Which stay on a page `location` belongs to. A move to another page begins a new one; so does
 * coming back to the same address from another entry of the history. That happens when two
 * navigations come before React has drawn the first (on a slow phone, a press on "Back to
 * Permits" and then on "Add Permit"): the router's transitions update one state, so React renders
 * them together and draws only where they end, the page it already shows. Keyed by the page's
 * path alone, that page came back with everything typed into it. A page that rewrites its own
 * entry (My Permits clearing its refresh request, a link to the page shown) or its query alone
 * (My Permits' filters) stays the same stay.
 */
function usePageVisit(location: Location): number {
  const [visit, setVisit] = useState<PageVisit>(() => ({
    location,
    index: historyIndex(),
    number: 0,
  }));
  if (visit.location.key === location.key) return visit.number;
  const index = historyIndex();
  const samePage =
    visit.location.pathname === location.pathname &&
    (visit.location.search !== location.search ||
      visit.location.hash !== location.hash ||
      index === null ||
      index === visit.index);
  const next = { location, index, number: samePage ? visit.number : visit.number + 1 };
  setVisit(next);
  return next.number;
}

/**
 * Where a layout shows the current route's screen: a spinner while its chunk loads, and a plain
 * message with "Reload page" when the chunk or the screen fails. It keeps the page's title
 * (src/shell/page-titles.ts), or the one its screen gives the state it shows
 * (src/ui/page-title.ts), prefixed "Error: " while an error on the page says it is there
 * (src/ui/page-problem.ts).
 */
export function RoutedPage() {
  const { i18n } = useLingui();
  const location = useLocation();
  const { pathname } = location;
  const visit = usePageVisit(location);
  const [problems, setProblems] = useState(0);
  const report = useCallback(() => {
    setProblems((count) => count + 1);
    return () => setProblems((count) => count - 1);
  }, []);
  const problemContext = useMemo(() => ({ report }), [report]);
  const [stateTitle, setStateTitle] = useState<string | null>(null);
  const retitle = useCallback((title: string) => {
    setStateTitle(title);
    return () => setStateTitle((shown) => (shown === title ? null : shown));
  }, []);
  const titleContext = useMemo(() => ({ retitle }), [retitle]);
  // The title is written again when the language changes (`locale`), as the page's words are.
  const { locale } = i18n;
  useEffect(() => {
    document.title = pageTitle(pathname, getConfig().appName, problems > 0, stateTitle);
  }, [pathname, problems, stateTitle, locale]);
  return (
    <PageProblemContext.Provider value={problemContext}>
      <PageTitleContext.Provider value={titleContext}>
        <PageErrorBoundary key={visit}>
          <FlashMessageOutlet />
          <Suspense fallback={<PageSpinner label={i18n._('Loading page')} />}>
            <ScreenShown />
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </PageTitleContext.Provider>
    </PageProblemContext.Provider>
  );
}
