import type { InspectionEvent } from 'xstate';

let inspector: ((event: InspectionEvent) => void) | undefined;

/**
 * The `inspect` option every actor in the app is created with. It forwards to the Stately
 * inspector once one is attached, and is undefined in production builds.
 */
export const inspect =
  process.env.NODE_ENV === 'production'
    ? undefined
    : (event: InspectionEvent) => inspector?.(event);

/**
 * In development, `?inspect` in the URL opens the Stately inspector so QA can watch and drive
 * every machine. The import sits inside a plain `if` on NODE_ENV (not in an async function, which
 * Babel may rewrite into a state machine) so webpack sees a dead branch in production builds and
 * leaves the inspector out.
 */
export function attachInspectorWhenRequested(search: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') {
    if (new URLSearchParams(search).has('inspect')) {
      return import('@statelyai/inspect').then(({ createBrowserInspector }) => {
        const { inspect: observer } = createBrowserInspector();
        inspector = (event) => observer.next?.(event);
      });
    }
  }
  return Promise.resolve();
}
