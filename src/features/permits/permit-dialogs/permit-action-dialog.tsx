import { Button, Dialog } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { Permit } from '../../../../contract/permit';
import { activatePermitMachine } from '../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import { permitDisplay } from '../../../../machines/permits/rules/permit-display';
import { permitBannerTexts } from '../../../../machines/permits/permit-banner-texts';
import { useAppActor } from '../../../shell/app-machines';
import { useFlashMessage } from '../../../shell/flash-message-provider';
import { activatePermitActors, cancelPermitActors } from './permit-dialog-actors';
import { PermitDialogFrame } from './permit-dialog-frame';
import { shownPermitText } from '../my-permits/shown-permit-text';

/** What tells one confirmation dialog from the other: its machine and its words (English ids). */
const permitActionDialogs = {
  // The "Set Live Now" dialog of a SCHEDULED permit.
  activate: {
    machineName: 'activatePermit',
    machine: activatePermitMachine,
    live: activatePermitActors,
    title: /*i18n*/ 'Set Permit Live Now',
    confirmLabel: /*i18n*/ 'Set Live Now',
    busyLabel: /*i18n*/ 'Activating...',
    dismissLabel: /*i18n*/ 'Cancel',
    message: (permit: Permit, i18n: I18n) => {
      const { registration, vehicle, start } = permitDisplay(permit);
      return i18n._(
        'The permit for {registration} ({vehicle}) will start now instead of at its scheduled start, {start}.',
        { registration, vehicle, start: shownPermitText(i18n, start) },
      );
    },
    confirmation: permitBannerTexts.activated,
  },
  cancel: {
    machineName: 'cancelPermit',
    machine: cancelPermitMachine,
    live: cancelPermitActors,
    title: /*i18n*/ 'Cancel Permit',
    confirmLabel: /*i18n*/ 'Cancel Permit',
    busyLabel: /*i18n*/ 'Cancelling...',
    dismissLabel: /*i18n*/ 'Keep Permit',
    message: (permit: Permit, i18n: I18n) => {
      const { registration, vehicle } = permitDisplay(permit);
      return i18n._('Cancel the permit for {registration} ({vehicle})? This cannot be undone.', {
        registration,
        vehicle,
      });
    },
    confirmation: permitBannerTexts.cancelled,
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
  const { i18n } = useLingui();
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
      title={i18n._(texts.title)}
      role="alertdialog"
      busy={busy}
      error={error}
      onDismiss={dismiss}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={dismiss}>
            {i18n._(texts.dismissLabel)}
          </Button>
          <Button
            colorPalette="teal"
            loading={busy}
            loadingText={i18n._(texts.busyLabel)}
            onClick={() => actionActor.send({ type: 'CONFIRM' })}
          >
            {i18n._(texts.confirmLabel)}
          </Button>
        </>
      }
    >
      <Dialog.Description>{texts.message(permit, i18n)}</Dialog.Description>
    </PermitDialogFrame>
  );
}
