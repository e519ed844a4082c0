import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FlashMessageOutlet } from './flash-message-outlet';
import { PageErrorBoundary } from './page-error-boundary';
import { PageSpinner } from './page-spinner';

/**
 * Where a layout shows the current route's screen: a spinner while its chunk loads, and a plain
 * message with "Reload page" when the chunk or the screen fails.
 */
export function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <FlashMessageOutlet />
      <Suspense fallback={<PageSpinner label="Loading page" />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
