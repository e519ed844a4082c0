import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { systemClock, type Clock } from '../clock';
import { toHttpFailure } from '../http-failure';
import { notProvided } from '../not-provided';
import { createPermitMessages, toCreatePermitErrorMessage } from './create-permit-error-message';
import type { PermitCreatePayload } from '../../contract/permit';
import type { PermitFormValues } from './permit-form-values';
import type { SiteSettings } from '../../contract/site-settings';
import { toPermitCreatePayload } from './to-permit-create-payload';

/**
 * The settings the form uses when GET /api/v1/site-settings/ fails (spec section 3): no
 * reference label, no scheduling, and the resident picks the end.
 */
export const fallbackSiteSettings: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: false,
  default_end_date_limit_hours: 0,
};

/** What the app's create call answers on a 2xx: the HTTP status, which decides success. */
export interface CreatePermitAnswer {
  status: number;
}

export interface AddPermitInput {
  clock?: Clock;
}

export interface AddPermitContext {
  /** The site's settings; null until they have loaded (or fallen back). */
  settings: SiteSettings | null;
  /** What the screen shows, under `createPermitErrorTitle`, in the failed state. */
  errorMessage: string | null;
  clock: Clock;
}

export type AddPermitEvent = { type: 'SUBMIT'; values: PermitFormValues };

/**
 * The add-permit screen (spec section 2 "Add Permit", sections 3, 5 and 8): the site settings
 * load first (the screen shows a spinner), then the resident edits and submits. The payload is
 * built from the SUBMIT event's values; Formik keeps the values, so after a failure the form
 * still holds them and a new SUBMIT retries. On HTTP 201 or 202 the app's `navigateToMyPermits`
 * action takes the resident to /my-permits with a refresh request.
 */
export const addPermitMachine = setup({
  types: {
    context: {} as AddPermitContext,
    events: {} as AddPermitEvent,
    input: {} as AddPermitInput | undefined,
  },
  actors: {
    loadSiteSettings: fromPromise<SiteSettings, void>(async () =>
      notProvided('addPermit', 'actor', 'loadSiteSettings'),
    ),
    createPermit: fromPromise<CreatePermitAnswer, PermitCreatePayload>(async () =>
      notProvided('addPermit', 'actor', 'createPermit'),
    ),
  },
  actions: {
    useSettings: assign((_, params: { settings: SiteSettings }) => ({
      settings: params.settings,
    })),
    showError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    clearError: assign({ errorMessage: null }),
    navigateToMyPermits: () => notProvided('addPermit', 'action', 'navigateToMyPermits'),
  },
  guards: {
    // Spec section 7: only these two statuses mean the permit was taken.
    isCreated: (_, params: { answer: CreatePermitAnswer }) =>
      params.answer.status === 201 || params.answer.status === 202,
  },
}).createMachine({
  id: 'addPermit',
  context: ({ input }) => ({
    settings: null,
    errorMessage: null,
    clock: input?.clock ?? systemClock,
  }),
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      invoke: {
        id: 'loadSiteSettings',
        src: 'loadSiteSettings',
        onDone: {
          target: 'editing',
          actions: { type: 'useSettings', params: ({ event }) => ({ settings: event.output }) },
        },
        // Spec section 8: a site-settings failure is ignored; the form goes on without extras.
        onError: {
          target: 'editing',
          actions: { type: 'useSettings', params: { settings: fallbackSiteSettings } },
        },
      },
    },
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
          // Settings are set on every way out of loadingSettings; the fallback only satisfies
          // the type.
          const settings = context.settings ?? fallbackSiteSettings;
          return toPermitCreatePayload(event.values, settings, context.clock());
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
