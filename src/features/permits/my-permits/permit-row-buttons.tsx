import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import type { Permit } from '../../../../contract/permit';
import { AddAgainButton } from './add-again-button';
import { AddToCalendarButton } from './add-to-calendar-button';
import { PermitRowActions, type PermitRowsProps } from './permit-row-actions';

/**
 * Every button of one permit's row, the same in the grid and on the card: what its status allows
 * (Update, Set Live Now, Cancel), then "Add to calendar" (a weekly series' among `permits` as one
 * file) and "Add again".
 */
export function PermitRowButtons({
  permit,
  permits,
  actionsFor,
  onAction,
}: { permit: Permit } & Pick<PermitRowsProps, 'permits' | 'actionsFor' | 'onAction'>) {
  return (
    <>
      <PermitRowActions
        registration={permitDisplay(permit).registration}
        actions={actionsFor(permit)}
        onAction={(action) => onAction(action, permit)}
      />
      <AddToCalendarButton permit={permit} permits={permits} />
      <AddAgainButton permit={permit} />
    </>
  );
}
