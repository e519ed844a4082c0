import { createContext, useContext, useEffect } from 'react';

/**
 * How a screen names the state its page is in, where the page's heading changes with it (the
 * visitor's "Visitor parking booked"), so the page's title says it too (src/shell/routed-page.tsx;
 * GOV.UK: the title matches the heading). `retitle` takes an English id and returns how to give
 * the route's own title back (src/shell/page-titles.ts).
 */
export const PageTitleContext = createContext<{ retitle: (title: string) => () => void }>({
  retitle: () => () => {},
});

/** Titles the page `title` (an English id) while the caller is mounted. */
export function usePageTitle(title: string): void {
  const { retitle } = useContext(PageTitleContext);
  useEffect(() => retitle(title), [title, retitle]);
}
