import { useLingui } from '@lingui/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getConfig } from '../config';
import { PageProblemContext } from '../ui/page-problem';
import { FlashMessageOutlet } from './flash-message-outlet';
import { PageErrorBoundary } from './page-error-boundary';
import { PageSpinner } from './page-spinner';
import { pageTitle } from './page-titles';

/**
 * Where a layout shows the current route's screen: a spinner while its chunk loads, and a plain
 * message with "Reload page" when the chunk or the screen fails. It keeps the page's title
 * (src/shell/page-titles.ts), prefixed "There is a problem: " while an error on the page says it
 * is there (src/ui/page-problem.ts).
 */
export function RoutedPage() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [problems, setProblems] = useState(0);
  const report = useCallback(() => {
    setProblems((count) => count + 1);
    return () => setProblems((count) => count - 1);
  }, []);
  const problemContext = useMemo(() => ({ report }), [report]);
  // The title is written again when the language changes (`locale`), as the page's words are.
  const { locale } = i18n;
  useEffect(() => {
    document.title = pageTitle(pathname, getConfig().appName, problems > 0);
  }, [pathname, problems, locale]);
  return (
    <PageProblemContext.Provider value={problemContext}>
      <PageErrorBoundary key={pathname}>
        <FlashMessageOutlet />
        <Suspense fallback={<PageSpinner label={i18n._('Loading page')} />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </PageProblemContext.Provider>
  );
}
