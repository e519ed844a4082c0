import { domAnimation, LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * Where motion may happen: framer-motion's smallest set-up, `LazyMotion` with the `domAnimation`
 * features and `m` components only (`strict` refuses the full `motion` ones). Only signed-in
 * screens that animate use it, and webpack puts framer-motion in a vendor chunk of its own that
 * comes with them, so the sign-in page never loads it (test/build/bundle-budget.test.ts).
 * `reducedMotion="user"` follows the resident's setting for movement; the components make colour
 * changes instant under reduced motion themselves (`useReducedMotion`).
 */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={domAnimation} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
