import { fromPromise } from 'xstate';
import { activatePermitMachine } from '../../../machines/permits/activate-permit-machine';
import { permitDisplay } from '../../../machines/permits/permit-display';
import type { Permit } from '../../../contract/permit';
import { activatePermit } from '../../api/permits-api';
import { PermitActionDialog } from './permit-action-dialog';

const liveActivatePermitMachine = activatePermitMachine.provide({
  actors: {
    activatePermit: fromPromise(({ input }: { input: { id: number } }) => activatePermit(input.id)),
  },
});

const activatePermitDialogTexts = {
  title: 'Set Permit Live Now',
  confirmLabel: 'Set Live Now',
  busyLabel: 'Activating...',
  dismissLabel: 'Cancel',
} as const;

/** The "Set Live Now" dialog of a SCHEDULED permit (spec section 2, "Activate dialog"). */
export function ActivatePermitDialog({
  permit,
  onClose,
  onReload,
  machine = liveActivatePermitMachine,
}: {
  permit: Permit;
  onClose: () => void;
  onReload: () => void;
  /** Replaces the live machine (tests give it fake actors). */
  machine?: typeof activatePermitMachine;
}) {
  const { registration, vehicle, start } = permitDisplay(permit);
  return (
    <PermitActionDialog
      permit={permit}
      machine={machine}
      texts={activatePermitDialogTexts}
      onClose={onClose}
      onReload={onReload}
    >
      {`The permit for ${registration} (${vehicle}) will start now instead of at its scheduled start, ${start}.`}
    </PermitActionDialog>
  );
}
