import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { systemClock, type Clock } from '../clock';
import { toHttpFailure } from '../http-failure';
import { notProvided } from '../not-provided';
import { createPermitMessages, toCreatePermitErrorMessage } from './create-permit-error-message';
import type { PermitCreatePayload } from '../../contract/permit';
import type { PermitFormValues } from './permit-form-values';
import type { SiteSettings } from '../../contract/site-settings';
import { toPermitCreatePayload } from './to-permit-create-payload';

/** What the app's create call answers on a 2xx: the HTTP status, which decides success. */
export interface CreatePermitAnswer {
  status: number;
}

export interface AddPermitInput {
  /** The site's settings (`siteSettingsMachine`): the form is shown once they are known. */
  settings: SiteSettings;
  clock?: Clock;
}

export interface AddPermitContext {
  settings: SiteSettings;
  /** What the screen shows, under `createPermitErrorTitle`, in the failed state. */
  errorMessage: string | null;
  clock: Clock;
}

export type AddPermitEvent = { type: 'SUBMIT'; values: PermitFormValues };

/**
 * The add-permit screen (docs/contract.md §2 "Add Permit", §3, §5 and §8): the site settings
 * load first (the screen shows a spinner), then the resident edits and submits. The payload is
 * built from the SUBMIT event's values; Formik keeps the values, so after a failure the form
 * still holds them and a new SUBMIT retries. On HTTP 201 or 202 the app's `navigateToMyPermits`
 * action takes the resident to /my-permits with a refresh request.
 */
export const addPermitMachine = setup({
  types: {
    context: {} as AddPermitContext,
    events: {} as AddPermitEvent,
    input: {} as AddPermitInput,
  },
  actors: {
    createPermit: fromPromise<CreatePermitAnswer, PermitCreatePayload>(async () =>
      notProvided('addPermit', 'actor', 'createPermit'),
    ),
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    clearError: assign({ errorMessage: null }),
    navigateToMyPermits: () => notProvided('addPermit', 'action', 'navigateToMyPermits'),
  },
  guards: {
    // docs/contract.md §7: only these two statuses mean the permit was taken.
    isCreated: (_, params: { answer: CreatePermitAnswer }) =>
      params.answer.status === 201 || params.answer.status === 202,
  },
}).createMachine({
  id: 'addPermit',
  context: ({ input }) => ({
    settings: input.settings,
    errorMessage: null,
    clock: input.clock ?? systemClock,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: 'submitting' },
    },
    // No SUBMIT handler: a double click or a second Enter while a request is out sends nothing.
    submitting: {
      entry: 'clearError',
      invoke: {
        id: 'createPermit',
        src: 'createPermit',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return toPermitCreatePayload(event.values, context.settings, context.clock());
        },
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ answer: event.output }) },
            target: 'succeeded',
          },
          {
            target: 'failed',
            actions: { type: 'showError', params: { message: createPermitMessages.failed } },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              message: toCreatePermitErrorMessage(toHttpFailure(event.error)),
            }),
          },
        },
      },
    },
    succeeded: {
      type: 'final',
      entry: 'navigateToMyPermits',
    },
    // A new SUBMIT retries with whatever the form now holds.
    failed: {
      on: { SUBMIT: 'submitting' },
    },
  },
});
