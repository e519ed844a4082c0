import { lazy, useState, type ComponentType } from 'react';

/** A component loaded as a chunk of its own, that can also be loaded before it first renders. */
export type LazyComponent<Props extends object = object> = ComponentType<Props> & {
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`: once the chunk has loaded, the component renders at once
 * instead of suspending for a turn. src/main.tsx loads the first page's screen before React's
 * first render, so a page the build rendered in advance (src/shell/prerender.tsx) goes straight
 * to the live screen rather than through the "Loading page" spinner; My Permits loads its dialogs
 * once its rows are shown, so a tap on a row's button opens one at once.
 */
export function lazyComponent<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  // The chunk is asked for once however often it is preloaded; after a failure (a dropped
  // connection, a deploy that removed it) the next call asks again.
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Loaded(props: Props) {
    // Chosen once per mount: switching from the suspending component to the loaded one would
    // remount it and lose its state.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Loaded, { preload });
}
