import type { Transition } from 'framer-motion';

// Chakra's yellow.100, opaque while highlighted and see-through at rest, so that the colour fades
// rather than jumping through grey.
const highlighted = 'rgba(254, 249, 195, 1)';
const atRest = 'rgba(254, 249, 195, 0)';

/**
 * The motion props of a permit's row (a grid row or a card's list item): its background turns
 * yellow when its status has just changed and fades back afterwards. Under reduced motion both
 * changes are instant; the new status shows either way. `data-status-changed` says which rows
 * are highlighted, for tests and for forced-colours styles.
 */
export function statusChangeMotion(changed: boolean, reduceMotion: boolean) {
  const transition: Transition = reduceMotion
    ? { duration: 0 }
    : { duration: changed ? 0.2 : 1.2, ease: 'easeOut' };
  return {
    initial: false,
    animate: { backgroundColor: changed ? highlighted : atRest },
    transition,
    'data-status-changed': changed || undefined,
  } as const;
}
