import type { ReactNode } from 'react';

/** The class of text for screen readers only: Chakra's visuallyHiddenStyle (src/shell/system.ts). */
export const visuallyHiddenClass = 'visually-hidden';

/**
 * Text for screen readers only: a plain <span> with a class of the global styles. Chakra's
 * VisuallyHidden is a styled part, which resolves its styles at every render; My Permits draws
 * four on each card, one for each button (docs/performance.md).
 */
export function VisuallyHidden({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className={visuallyHiddenClass}>
      {children}
    </span>
  );
}
