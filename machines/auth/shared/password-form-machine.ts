import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { HttpFailure } from '../../http-failure';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';

/**
 * What a password screen shows after a refused request: the message, and the texts it lists as
 * bullets instead, when the refusal asks for a list (none: the message is shown as one text).
 */
export interface PasswordFormError {
  message: string;
  /**
   * The server's messages to list, whole: the screen words each in the reader's language and
   * then lists it a sentence a bullet (`sentencesOf`, machines/sentences.ts), as a catalogue knows
   * a message of two sentences only whole.
   */
  items: readonly string[];
  /** What the refusal says about single fields, by field name, for the fields to show. */
  fieldErrors?: Readonly<Partial<Record<string, string>>>;
}

export interface PasswordFormContext {
  /** What the screen shows in the error state; null otherwise. */
  error: PasswordFormError | null;
}

export type PasswordFormEvent<TRequest> =
  | { type: 'SUBMIT'; values: TRequest }
  /** The resident changed the form after it succeeded (only a form that may be sent again). */
  | { type: 'EDIT' };

/**
 * What the `sendRequest` actor receives. The request sits in an object because XState cannot
 * resolve an invoke's types while the input is a bare type parameter (it might be undefined).
 */
export interface PasswordRequestInput<TRequest> {
  request: TRequest;
}

/**
 * The statechart the three password journeys share (docs/contract.md §2 "Forgot password", "Reset
 * password", "Change password"): idle → submitting → success, or error with the message
 * `toError` makes of the refusal. The request is the named actor `sendRequest`, which the app
 * provides. Formik owns the values; the request travels with SUBMIT and is not kept, so after an
 * error the form still holds what was typed and a new SUBMIT sends it again.
 */
export function createPasswordFormMachine<TRequest>({
  id,
  description,
  toError,
  sendAgainAfterEdit = false,
}: {
  id: string;
  /** What the form is for, as the inspector shows the machine. */
  description: string;
  toError: (failure: HttpFailure) => PasswordFormError;
  /**
   * Whether a change to the form after success readies it to be sent again, instead of ending
   * the journey: a reset link asked for a mistyped address is asked again for the right one.
   * Only a change does it, so a second click on the button sends nothing.
   */
  sendAgainAfterEdit?: boolean;
}) {
  return setup({
    types: {
      context: {} as PasswordFormContext,
      events: {} as PasswordFormEvent<TRequest>,
    },
    actors: {
      sendRequest: fromPromise<void, PasswordRequestInput<TRequest>>(async () =>
        missingImplementation(id, 'actor', 'sendRequest'),
      ),
    },
    actions: {
      showError: assign((_, params: { error: PasswordFormError }) => ({ error: params.error })),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id,
    description,
    context: { error: null },
    initial: 'idle',
    states: {
      idle: {
        description: 'The form is being filled in; no request is out.',
        on: { SUBMIT: { target: 'submitting', description: 'The resident sends the form.' } },
      },
      // No SUBMIT handler: a double click or a second Enter while a request is out sends nothing.
      submitting: {
        description: 'The request is out; the button shows that it is busy.',
        entry: 'clearError',
        invoke: {
          id: 'sendRequest',
          src: 'sendRequest',
          input: ({ event }) => {
            assertEvent(event, 'SUBMIT');
            return { request: event.values };
          },
          onDone: { target: 'success', description: 'The API host accepted the request.' },
          onError: {
            target: 'error',
            description: 'The API host refused the request, or did not answer: its message shows.',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ error: toError(toHttpFailure(event.error)) }),
            },
          },
        },
      },
      success: sendAgainAfterEdit
        ? {
            description: 'The success message shows until the resident changes the form.',
            on: {
              EDIT: {
                target: 'idle',
                description:
                  'The resident changes what was sent: the success message goes, and the form may be sent again.',
              },
            },
          }
        : { description: 'The success message shows.', type: 'final' },
      // A new SUBMIT retries with whatever the form now holds.
      error: {
        description: 'The error shows above the button; the form keeps what was typed.',
        on: { SUBMIT: { target: 'submitting', description: 'The resident sends the form again.' } },
      },
    },
  });
}

/** The machine of one password journey, whose SUBMIT carries a `TRequest`. */
export type PasswordFormMachine<TRequest> = ReturnType<typeof createPasswordFormMachine<TRequest>>;
