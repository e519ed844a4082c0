import { startTransition, useEffect, useState } from 'react';

/**
 * The part of a long list to render: on its first render the first `step` items, then `step`
 * more in each following render, each one a transition, which React renders in slices that yield
 * to the browser. A list of 60 permit cards rendered at once blocked a phone's main thread for
 * most of a second (docs/performance.md); in steps, the first screenful shows sooner and no
 * step blocks for long. What has been shown stays shown: a later list no longer than the longest
 * so far renders whole at once, and a longer one gets its new part in steps.
 */
export function useListInSteps<T>(items: readonly T[], step: number): readonly T[] {
  const [shown, setShown] = useState(step);
  const more = shown < items.length;
  useEffect(() => {
    if (more) startTransition(() => setShown((count) => count + step));
  }, [more, shown, step]);
  return more ? items.slice(0, shown) : items;
}
