import { lazy, useState, type ComponentType } from 'react';

/** A route's screen, loaded as a chunk of its own, that can also be loaded before React renders. */
export type LazyScreen = ComponentType & { preload(): Promise<unknown> };

/**
 * `React.lazy` with a `preload()`: once the chunk has loaded, the screen renders at once instead
 * of suspending for a turn. src/main.tsx loads the first page's screen before React's first
 * render, so a page the build rendered in advance (src/shell/prerender.tsx) goes straight to the
 * live screen rather than through the "Loading page" spinner.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Screen() {
    // Chosen once per mount: switching from the suspending component to the loaded one would
    // remount the screen and lose its state.
    const [Component] = useState(() => loaded ?? Suspending);
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}
