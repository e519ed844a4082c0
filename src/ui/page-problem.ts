import { createContext, useContext, useEffect } from 'react';

/**
 * How an error on screen tells the page frame it is there, so the page title starts with
 * "Error: " while it shows (src/shell/routed-page.tsx). `report` counts one more
 * problem and returns how to take it back.
 */
export const PageProblemContext = createContext<{ report: () => () => void }>({
  report: () => () => {},
});

/** Counts the caller as a problem on the page while `showing` is true and it is mounted. */
export function useReportPageProblem(showing: boolean): void {
  const { report } = useContext(PageProblemContext);
  useEffect(() => (showing ? report() : undefined), [showing, report]);
}
