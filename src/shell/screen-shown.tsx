import { createContext, useContext, useEffect } from 'react';

/**
 * What to do once a page's screen is shown: src/shell/start-app.tsx lifts `inert` from the page
 * the build rendered in advance then. Null when nothing waits for it.
 */
export const ScreenShownContext = createContext<(() => void) | null>(null);

/**
 * Says the page's screen is shown, from inside RoutedPage's `<Suspense>` (./routed-page.tsx),
 * beside the screen, or in place of a screen that failed (./page-error-boundary.tsx). React
 * hydrates what a `<Suspense>` holds after the rest of the page, at its lowest priority, so on a
 * page rendered in advance this effect runs once the screen's own fields are React's: a key
 * pressed before then would wait while React took them over there and then (docs/performance.md).
 */
export function ScreenShown(): null {
  const shown = useContext(ScreenShownContext);
  useEffect(() => {
    shown?.();
  }, [shown]);
  return null;
}
