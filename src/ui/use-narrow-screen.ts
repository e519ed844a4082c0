import { useSyncExternalStore } from 'react';

/**
 * Narrower than Chakra's `md` breakpoint (48rem): where `hideBelow="md"` hides the permit table and
 * `hideFrom="md"` shows the cards. Chakra's own "below md" query, so the two never disagree.
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
