import { Button, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Permit } from '../../../../contract/permit';
import { activatePermitMachine } from '../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import { notificationBannerTexts } from '../../../../machines/notification-banner-texts';
import { useAppActor } from '../../../shell/app-machines';
import { useFlashMessage } from '../../../shell/flash-message-provider';
import { activatePermitActors, cancelPermitActors } from './permit-dialog-actors';
import { PermitDialogFrame } from './permit-dialog-frame';

/** What tells one confirmation dialog from the other: its machine and its words. */
const permitActionDialogs = {
  // The "Set Live Now" dialog of a SCHEDULED permit.
  activate: {
    machineName: 'activatePermit',
    machine: activatePermitMachine,
    live: activatePermitActors,
    title: 'Set Permit Live Now',
    confirmLabel: 'Set Live Now',
    busyLabel: 'Activating...',
    dismissLabel: 'Cancel',
    message: (permit: Permit) => {
      const { registration, vehicle, start } = permitDisplay(permit);
      return `The permit for ${registration} (${vehicle}) will start now instead of at its scheduled start, ${start}.`;
    },
    confirmation: notificationBannerTexts.permitActivated,
  },
  cancel: {
    machineName: 'cancelPermit',
    machine: cancelPermitMachine,
    live: cancelPermitActors,
    title: 'Cancel Permit',
    confirmLabel: 'Cancel Permit',
    busyLabel: 'Cancelling...',
    dismissLabel: 'Keep Permit',
    message: (permit: Permit) => {
      const { registration, vehicle } = permitDisplay(permit);
      return `Cancel the permit for ${registration} (${vehicle})? This cannot be undone.`;
    },
    confirmation: notificationBannerTexts.permitCancelled,
  },
} as const;

export type PermitConfirmAction = keyof typeof permitActionDialogs;

/**
 * The confirmation dialog of a permit action (activate, cancel: `permitActionDialogs`), driven by
 * its permit action machine whose actor lives as long as the dialog is mounted. Its final states run `onClose`,
 * after `onReload` when the action succeeded. It stays busy while the request is out and during
 * the second before the reload.
 */
export function PermitActionDialog({
  action,
  permit,
  onClose,
  onReload,
}: {
  action: PermitConfirmAction;
  permit: Permit;
  onClose: () => void;
  onReload: () => void;
}) {
  const texts = permitActionDialogs[action];
  // The list screen mounts a new dialog for each opening, so the actor lives as long as it.
  const { raise } = useFlashMessage();
  const actionActor = useAppActor(texts.machineName, texts.machine, texts.live, {
    actions: {
      close: onClose,
      reloadList: () => {
        raise(texts.confirmation(permit.vrm));
        onReload();
      },
    },
    input: { permit },
  });
  const busy = useSelector(actionActor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actionActor, (snapshot) => snapshot.context.error);
  const dismiss = () => actionActor.send({ type: 'DISMISS' });

  return (
    <PermitDialogFrame
      title={texts.title}
      role="alertdialog"
      busy={busy}
      error={error}
      onDismiss={dismiss}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={dismiss}>
            {texts.dismissLabel}
          </Button>
          <Button
            colorPalette="teal"
            loading={busy}
            loadingText={texts.busyLabel}
            onClick={() => actionActor.send({ type: 'CONFIRM' })}
          >
            {texts.confirmLabel}
          </Button>
        </>
      }
    >
      <Dialog.Description>{texts.message(permit)}</Dialog.Description>
    </PermitDialogFrame>
  );
}
