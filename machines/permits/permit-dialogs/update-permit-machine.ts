import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';
import { dismissPermitDialog, permitDialogStates } from './permit-dialog-states';
import {
  permitActionMessages,
  toUpdatePermitErrorMessage,
  toUpdatePermitRefusalMessage,
  type PermitDialogError,
} from './permit-action-error-message';
import type { Permit, PermitUpdateAnswer, PermitUpdatePayload } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';
import { toPermitUpdatePayload, type UpdatePermitFormValues } from './update-permit-form';

export interface UpdatePermitInput {
  permit: Permit;
  /** The site's settings as the list has them (automatic end 0 when their fetch failed). */
  settings: SiteSettings;
}

export interface UpdatePermitContext {
  permit: Permit;
  settings: SiteSettings;
  /** What the dialog shows in the failed state, under the heading "Update Failed"; else null. */
  error: PermitDialogError | null;
}

/** SUBMIT: the update button, with the form's values. DISMISS: the Cancel button or Escape. */
export type UpdatePermitEvent =
  { type: 'SUBMIT'; values: UpdatePermitFormValues } | { type: 'DISMISS' };

/** The update button: send what the form holds. */
const sendUpdate = { target: 'submitting', description: 'Send the PATCH.' } as const;

function updateFailure(message: string): PermitDialogError {
  return { title: permitActionMessages.updateTitle, message };
}

/**
 * The Update dialog (docs/contract.md §2 "Update dialog", §3, §4, §5 and §8): the resident edits
 * the start and/or end (see `updatePermitForm`), SUBMIT sends the PATCH built by
 * `toPermitUpdatePayload` through the app's `updatePermit` actor. On success the app's
 * `refreshList` runs and the dialog closes; on failure it stays open with the mapped error and
 * a new SUBMIT retries with whatever the form then holds. The dialog ends in a final state,
 * `succeeded` or `dismissed`; entering either runs the app's `close` action once.
 */
export const updatePermitMachine = setup({
  types: {
    context: {} as UpdatePermitContext,
    events: {} as UpdatePermitEvent,
    input: {} as UpdatePermitInput,
  },
  actors: {
    updatePermit: fromPromise<PermitUpdateAnswer, { id: number; payload: PermitUpdatePayload }>(
      async () => missingImplementation('updatePermit', 'actor', 'updatePermit'),
    ),
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({
      error: updateFailure(params.message),
    })),
    clearError: assign({ error: null }),
    refreshList: () => missingImplementation('updatePermit', 'action', 'refreshList'),
    close: () => missingImplementation('updatePermit', 'action', 'close'),
  },
  guards: {
    // docs/contract.md §8: a 2xx whose body carries an error flag is a refusal, not a success.
    isRefusal: (_, params: { body: PermitUpdateAnswer }) =>
      toUpdatePermitRefusalMessage(params.body) !== null,
  },
}).createMachine({
  id: 'updatePermit',
  description: 'The Update dialog: a new start and/or end for one permit.',
  context: ({ input }) => ({ permit: input.permit, settings: input.settings, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The resident edits the start and/or the end.',
      on: { SUBMIT: sendUpdate, DISMISS: dismissPermitDialog },
    },
    // Neither SUBMIT (a double click sends one request) nor DISMISS while the request is out:
    // the list would miss the refresh of the change it makes.
    submitting: {
      description: 'The PATCH is out; the dialog is busy.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'updatePermit',
        src: 'updatePermit',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return {
            id: context.permit.id,
            payload: toPermitUpdatePayload(event.values, context.permit, context.settings),
          };
        },
        onDone: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ body: event.output }) },
            target: 'failed',
            description: 'A 2xx whose body says the update was refused.',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                // The guard has found a message; the default only satisfies the type.
                message:
                  toUpdatePermitRefusalMessage(event.output) ?? permitActionMessages.updateRefused,
              }),
            },
          },
          { target: 'succeeded', description: 'The server made the change.' },
        ],
        onError: {
          target: 'failed',
          description: 'The server refused the change, or did not answer.',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              message: toUpdatePermitErrorMessage(toHttpFailure(event.error)),
            }),
          },
        },
      },
    },
    // The dialog stays open with the error: SUBMIT retries, DISMISS gives up.
    failed: permitDialogStates.failed({ SUBMIT: sendUpdate, DISMISS: dismissPermitDialog }),
    succeeded: permitDialogStates.changed('refreshList'),
    dismissed: permitDialogStates.dismissed,
  },
});
