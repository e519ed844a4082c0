import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import type { HttpFailure } from '../../http-failure';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';
import { dismissPermitDialog, permitDialogStates } from './permit-dialog-states';
import type { PermitDialogError } from './permit-action-error-message';
import type { Permit } from '../../../contract/permit';

/** Which permit a dialog acts on; the dialog is opened for one permit and closed after. */
export interface PermitDialogInput {
  permit: Permit;
}

export interface PermitActionContext {
  permit: Permit;
  /** What the dialog shows in the failed state; null otherwise. */
  error: PermitDialogError | null;
}

/**
 * CONFIRM: the dialog's confirm button (a retry in the failed state). DISMISS: its Cancel button
 * or Escape.
 */
export type PermitActionEvent = { type: 'CONFIRM' } | { type: 'DISMISS' };

/**
 * The call a permit action makes: POST /api/v1/permits/{id}/<action>/ with no body. What a 2xx
 * answers is not read (docs/contract.md §7).
 */
export type PermitActionLogic = PromiseActorLogic<void, { id: number }>;

export interface PermitActionMachineOptions {
  /** The machine's id, and the name of the actor the app provides for the call. */
  id: string;
  /** The heading of the error the dialog shows (docs/contract.md §8). */
  errorTitle: string;
  /** The spec's catalogue for this action's failures. */
  toErrorMessage: (failure: HttpFailure) => string;
}

/**
 * The statechart of a confirmation dialog that sends one POST for a permit and, on success,
 * waits `reloadDelay` (1 s, docs/contract.md §4 and §9) before the app's `reloadList`, because the
 * server's change is only then likely to show in the list. The dialog stays open (busy) during
 * that second, so an actor that lives as long as the dialog sees the reload through. The dialog
 * ends in a final state, `reloaded` or `dismissed`; entering either runs the app's `close`
 * action once.
 */
export function createPermitActionMachine({
  id,
  errorTitle,
  toErrorMessage,
}: PermitActionMachineOptions) {
  // The actor is named after the dialog, so its key is computed and typed as any string: the
  // app's `provide` is checked for the call's input and output, not for the actor's name.
  const actors = {
    [id]: fromPromise<void, { id: number }>(async () => missingImplementation(id, 'actor', id)),
  } as Record<string, PermitActionLogic>;

  const sendAction = { target: 'submitting', description: 'Send the POST.' } as const;

  return setup({
    types: {
      context: {} as PermitActionContext,
      events: {} as PermitActionEvent,
      input: {} as PermitDialogInput,
    },
    actors,
    actions: {
      showError: assign((_, params: { message: string }) => ({
        error: { title: errorTitle, message: params.message },
      })),
      clearError: assign({ error: null }),
      reloadList: () => missingImplementation(id, 'action', 'reloadList'),
      close: () => missingImplementation(id, 'action', 'close'),
    },
    delays: {
      reloadDelay: 1000,
    },
  }).createMachine({
    id,
    description: 'A confirmation dialog that sends one POST for a permit.',
    context: ({ input }) => ({ permit: input.permit, error: null }),
    initial: 'confirming',
    states: {
      confirming: {
        description: 'The dialog asks the resident to confirm the action.',
        on: { CONFIRM: sendAction, DISMISS: dismissPermitDialog },
      },
      // Neither CONFIRM (a double click sends one request) nor DISMISS: the request is out, and
      // closing now would lose the reload of the list it changes.
      submitting: {
        description: 'The POST is out; the dialog is busy.',
        tags: ['busy'],
        entry: 'clearError',
        invoke: {
          id,
          src: id,
          input: ({ context }) => ({ id: context.permit.id }),
          onDone: { target: 'succeeded', description: 'The server made the change.' },
          onError: {
            target: 'failed',
            description: 'The server refused the change, or did not answer.',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ message: toErrorMessage(toHttpFailure(event.error)) }),
            },
          },
        },
      },
      succeeded: {
        description: 'Waiting a second for the change to show in the list; still busy.',
        tags: ['busy'],
        after: {
          reloadDelay: { target: 'reloaded', description: 'Time to reload the list.' },
        },
      },
      // The dialog stays open with the error: CONFIRM retries, DISMISS gives up.
      failed: permitDialogStates.failed({ CONFIRM: sendAction, DISMISS: dismissPermitDialog }),
      reloaded: permitDialogStates.changed('reloadList'),
      dismissed: permitDialogStates.dismissed,
    },
  });
}
