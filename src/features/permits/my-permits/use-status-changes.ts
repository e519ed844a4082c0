import { useEffect, useRef, useState } from 'react';
import type { Permit } from '../../../../contract/permit';

/** How long a row whose status changed stays highlighted. */
export const statusChangeHighlightMs = 3000;

/**
 * The ids of the permits on screen whose status changed since the list last showed them — a
 * Queued permit that became Active while the resident watched — each kept for
 * `statusChangeHighlightMs`. A permit seen for the first time (a new page, other filters) is not
 * a change.
 */
export function useStatusChanges(permits: readonly Permit[]): ReadonlySet<number> {
  const lastSeen = useRef(new Map<number, string>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    for (const permit of permits) {
      const before = lastSeen.current.get(permit.id);
      lastSeen.current.set(permit.id, permit.status);
      if (before === undefined || before === permit.status) continue;

      const { id } = permit;
      clearTimeout(timers.current.get(id));
      setChanged((current) => new Set(current).add(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setChanged((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, statusChangeHighlightMs),
      );
    }
  }, [permits]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return changed;
}
