import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import type { ReactNode } from 'react';
import { MotionScope } from './motion-scope';

/**
 * Where a banner comes and goes: it grows from nothing and shrinks away, so the page under it
 * slides rather than jumps (docs/decisions/008-the-named-stack.md). A banner already there when
 * the page first renders is simply shown. Under reduced motion it appears and goes at once. The
 * overflow is hidden only while the height moves, so a focused banner's outline is never cut.
 */
export function BannerPresence({ children }: { children: ReactNode }) {
  const reduceMotion = useReducedMotion() ?? false;
  return (
    <MotionScope>
      <AnimatePresence initial={false}>
        {children ? (
          <m.div
            key="banner"
            data-banner-presence=""
            initial={{ height: 0, opacity: 0, overflow: 'hidden' }}
            animate={{ height: 'auto', opacity: 1, transitionEnd: { overflow: 'visible' } }}
            exit={{ height: 0, opacity: 0, overflow: 'hidden' }}
            transition={reduceMotion ? { duration: 0 } : { duration: 0.25, ease: 'easeOut' }}
          >
            {children}
          </m.div>
        ) : null}
      </AnimatePresence>
    </MotionScope>
  );
}
