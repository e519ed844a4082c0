import { fromPromise } from 'xstate';
import { cancelPermitMachine } from '../../../machines/permits/cancel-permit-machine';
import { permitDisplay } from '../../../machines/permits/permit-display';
import type { Permit } from '../../../contract/permit';
import { cancelPermit } from '../../api/permits-api';
import { PermitActionDialog } from './permit-action-dialog';

const liveCancelPermitMachine = cancelPermitMachine.provide({
  actors: {
    cancelPermit: fromPromise(({ input }: { input: { id: number } }) => cancelPermit(input.id)),
  },
});

const cancelPermitDialogTexts = {
  title: 'Cancel Permit',
  confirmLabel: 'Cancel Permit',
  busyLabel: 'Cancelling...',
  dismissLabel: 'Keep Permit',
} as const;

/** The Cancel dialog (spec section 2, "Cancel dialog"). */
export function CancelPermitDialog({
  permit,
  onClose,
  onReload,
  machine = liveCancelPermitMachine,
}: {
  permit: Permit;
  onClose: () => void;
  onReload: () => void;
  /** Replaces the live machine (tests give it fake actors). */
  machine?: typeof cancelPermitMachine;
}) {
  const { registration, vehicle } = permitDisplay(permit);
  return (
    <PermitActionDialog
      permit={permit}
      machine={machine}
      texts={cancelPermitDialogTexts}
      onClose={onClose}
      onReload={onReload}
    >
      {`Cancel the permit for ${registration} (${vehicle})? This cannot be undone.`}
    </PermitActionDialog>
  );
}
