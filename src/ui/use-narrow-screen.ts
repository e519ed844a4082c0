import { useSyncExternalStore } from 'react';

/**
 * Narrower than Chakra's `md` breakpoint (48rem): My Permits shows cards there and its table
 * above. Chakra's own "below md" query, so it never disagrees with the layout's breakpoints.
 */
export const narrowScreenQuery = '(max-width: 47.9975rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(narrowScreenQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(narrowScreenQuery).matches;

/**
 * Whether the screen is a phone's width, read from the browser at the first render and followed
 * as the window turns or is resized. Parts that fold away on phones (the navigation behind Menu,
 * the list's filters behind Filters) decide with it, as GOV.UK's and MOJ's scripts do with
 * `matchMedia`, so that what is folded is `hidden`, not merely painted away.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
