import { Button, Dialog } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { createPermitActionMachine } from '../../../machines/permits/permit-action-machine';
import type { Permit } from '../../../contract/permit';
import { inspect } from '../../shell/inspector';
import { PermitDialogFrame } from './permit-dialog-frame';

export type PermitActionMachine = ReturnType<typeof createPermitActionMachine>;

/** The words that tell one confirmation dialog from the other. */
export interface PermitActionDialogTexts {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  dismissLabel: string;
}

/**
 * The confirmation dialog of a permit action (activate, cancel), driven by a permit action
 * machine whose actor lives as long as the dialog is mounted. Its final states run `onClose`,
 * after `onReload` when the action succeeded. It stays busy while the request is out and during
 * the second before the reload.
 */
export function PermitActionDialog({
  permit,
  machine,
  texts,
  onClose,
  onReload,
  children,
}: {
  permit: Permit;
  /** The machine with its request actor provided; the dialog provides the app's actions. */
  machine: PermitActionMachine;
  texts: PermitActionDialogTexts;
  onClose: () => void;
  onReload: () => void;
  /** The dialog's message. */
  children: ReactNode;
}) {
  // Taken once, like the actor: the list screen mounts a new dialog for each opening.
  const [logic] = useState(() =>
    machine.provide({ actions: { close: onClose, reloadList: onReload } }),
  );
  const actionActor = useActorRef(logic, { input: { permit }, inspect });
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
      <Dialog.Description>{children}</Dialog.Description>
    </PermitDialogFrame>
  );
}
