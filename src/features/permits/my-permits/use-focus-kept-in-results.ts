import { useLayoutEffect, useRef, type FocusEvent } from 'react';
import type { Permit } from '../../../../contract/permit';

/**
 * Keeps keyboard focus in My Permits' results when they change under it. A refresh the list makes
 * by itself can take away the focused button (a scheduled permit gone live loses "Set Live Now",
 * a queued one that failed loses "Cancel"), and a page zoomed past the phone's width swaps the
 * table for cards: focus would fall to the page's body, and the next Tab start again from the top
 * (WCAG 2.4.3). It goes instead to the same button in the new rows, else to the row it was in,
 * else to the results. Focus the resident moved elsewhere, the page's body included, is left
 * alone. Returns the props of the results' element.
 */
export function useFocusKeptInResults(permits: readonly Permit[], narrow: boolean) {
  const results = useRef<HTMLDivElement>(null);
  /** The control that last had focus in the results, and the row (or card) it was in. */
  const focused = useRef<{ control: HTMLElement; row: HTMLElement | null } | null>(null);

  useLayoutEffect(() => {
    const lost = focused.current;
    const section = results.current;
    const active = document.activeElement;
    if (!lost || !section || lost.control.isConnected) return;
    if (active !== null && active !== document.body) return;
    const sameControl = [...section.querySelectorAll<HTMLElement>('button, a[href]')].find(
      (control) => control.textContent === lost.control.textContent,
    );
    const row = lost.row?.isConnected ? lost.row : null;
    const target = sameControl ?? row ?? section;
    // A row or the results take focus from the script only, as a page's heading does.
    if (target !== sameControl) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [permits, narrow]);

  return {
    ref: results,
    onFocus: ({ target }: FocusEvent<HTMLElement>) => {
      focused.current = { control: target, row: target.closest('tr, li') };
    },
    // Left for nowhere (a click on the page's body) while the control is still there: the
    // resident's own move. A removed control is still missed, and found again above.
    onBlur: ({ relatedTarget }: FocusEvent<HTMLElement>) => {
      if (relatedTarget !== null) return;
      queueMicrotask(() => {
        if (focused.current?.control.isConnected) focused.current = null;
      });
    },
  };
}
