import { useReducedMotion } from 'framer-motion';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import { useListInSteps } from '../../../ui/use-list-in-steps';
import type { PermitRowsProps } from './permit-row-actions';
import { statusChangeMotion } from './status-change-motion';

/**
 * What the grid and the cards draw, one row a permit: the permits shown so far (`step` more at
 * each render, src/ui/use-list-in-steps.ts), each with its texts and the motion of its highlight.
 */
export function useShownPermitRows(
  { permits, changed }: Pick<PermitRowsProps, 'permits' | 'changed'>,
  step: number,
) {
  const reduceMotion = useReducedMotion() ?? false;
  return useListInSteps(permits, step).map((permit) => ({
    permit,
    display: permitDisplay(permit),
    motion: statusChangeMotion(changed.has(permit.id), reduceMotion),
  }));
}
