import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise } from 'xstate';
import type { TokenResponse } from '../../../contract/auth';
import type { HttpFailure } from '../../http-failure';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';

/** What login and register keep: the message to show and the token between the two steps. */
export interface TokenSignInContext {
  /**
   * What the screen shows in the error state: an English text marked for the catalogue, a
   * server's text, or a descriptor when the spec's words carry the server's.
   */
  errorMessage: string | MessageDescriptor | null;
  /** The custom token between the API's answer and the sign-in with it; null otherwise. */
  customToken: string | null;
  /** What a refusal says about single fields of the form, by field name; null otherwise. */
  fieldErrors: Readonly<Partial<Record<string, string>>> | null;
}

export type TokenSignInEvent<TValues> = { type: 'SUBMIT'; values: TValues };

/** The custom token in an API answer, or null when the answer carries none (or an empty one). */
export function customTokenOf(answer: TokenResponse): string | null {
  return answer.custom_token ? answer.custom_token : null;
}

/**
 * The `setup` types, actions and guards of a machine whose SUBMIT carries `TValues`; the
 * machine adds its actors (their names differ) and whatever else it needs.
 */
export function tokenSignInSetup<TValues>() {
  type Event = TokenSignInEvent<TValues>;
  return {
    types: { context: {} as TokenSignInContext, events: {} as Event },
    // How long the success message stays before the app redirects: at least 1 s to read it
    // (issue 15), counted from when it is painted, which comes a frame or so after the state.
    delays: { successMessageHold: 1200 },
    actions: {
      showError: assign<
        TokenSignInContext,
        Event,
        { message: string | MessageDescriptor; fieldErrors?: TokenSignInContext['fieldErrors'] },
        Event,
        never
      >((_, params) => ({ errorMessage: params.message, fieldErrors: params.fieldErrors ?? null })),
      clearError: assign<TokenSignInContext, Event, undefined, Event, never>({
        errorMessage: null,
        fieldErrors: null,
      }),
      keepToken: assign<TokenSignInContext, Event, { answer: TokenResponse }, Event, never>(
        (_, params) => ({ customToken: customTokenOf(params.answer) }),
      ),
      forgetToken: assign<TokenSignInContext, Event, undefined, Event, never>({
        customToken: null,
      }),
    },
    guards: {
      hasCustomToken: (_: unknown, params: { answer: TokenResponse }) =>
        customTokenOf(params.answer) !== null,
      // The login step answers true or false; anything but true is a rejection
      // (test/machines/auth/login/login-machine.test.ts).
      isAccepted: (_: unknown, params: { accepted: boolean }) => params.accepted === true,
    },
  };
}

/** The placeholder of the actor that sends the form; the app provides the real one. */
export function requestTokenActor<TValues>(machineId: string, requestActor: string) {
  return fromPromise<TokenResponse, TValues>(async () =>
    missingImplementation(machineId, 'actor', requestActor),
  );
}

/** The placeholder of the sign-in with a custom token; the app provides the real one. */
export function signInWithTokenActor(machineId: string) {
  return fromPromise<boolean, { customToken: string }>(async () =>
    missingImplementation(machineId, 'actor', 'signInWithToken'),
  );
}

/** What a machine says when it fails, from its error-message catalogue. */
export interface TokenSignInMessages {
  /** The message for a refused request. */
  toRefusalMessage: (failure: HttpFailure) => string;
  /** The message for an accepted request whose answer carries no custom token. */
  toMissingTokenMessage: (answer: TokenResponse) => string | MessageDescriptor;
  /** The message when the identity provider does not accept the custom token. */
  tokenRejected: string;
  /** What a refused request says about single fields, for the form to show on them. */
  toRefusalFieldErrors?: (failure: HttpFailure) => TokenSignInContext['fieldErrors'] | undefined;
}

export interface TokenSignInOptions<TRequestActor extends string, TErrorState> {
  id: string;
  description: string;
  /** The invoked actor that sends the form to the API and answers with a custom token. */
  requestActor: TRequestActor;
  messages: TokenSignInMessages;
  /** The machine's own error state. */
  errorState: TErrorState;
  /** Where in `errorState` a refused request and a failed sign-in after an accepted one lead. */
  errorTargets: { refused: string; signedOut: string };
}

/**
 * The statechart login and register share (`machines/auth/login/login-machine.ts`,
 * `machines/auth/register/register-machine.ts`): idle → submitting (the API's answer, then the sign-in
 * with its custom token) → success, held `successMessageHold` → signedIn, or the machine's own
 * error state. This is plain config,
 * checked against each machine's `setup` where it is used: XState cannot type an invoke whose
 * actor name is a type parameter, so the two machines cannot come out of one generic `setup` as
 * the password forms do (`machines/auth/shared/password-form-machine.ts`).
 */
export function createTokenSignInMachineConfig<
  const TRequestActor extends string,
  const TErrorState extends object,
>({
  id,
  description,
  requestActor,
  messages,
  errorState,
  errorTargets,
}: TokenSignInOptions<TRequestActor, TErrorState>) {
  const showTokenRejected = {
    target: `#${id}.${errorTargets.signedOut}`,
    description: 'The identity provider did not sign the user in with the custom token.',
    actions: { type: 'showError', params: { message: messages.tokenRejected } },
  } as const;
  const answerOf = ({ event }: { event: { output: TokenResponse } }) => ({ answer: event.output });
  const initialContext: TokenSignInContext = {
    errorMessage: null,
    customToken: null,
    fieldErrors: null,
  };
  return {
    id,
    description,
    context: initialContext,
    initial: 'idle',
    states: {
      idle: {
        description: 'The form is being filled in; nothing has been sent.',
        on: { SUBMIT: { target: 'submitting', description: 'Send the form.' } },
      },
      // No SUBMIT handler: a second click while a request is out sends nothing.
      submitting: {
        description: 'The form is out: first the API request, then the sign-in with its token.',
        entry: 'clearError',
        initial: 'requesting',
        states: {
          requesting: {
            description: 'Waiting for the API to answer the form with a custom token.',
            invoke: {
              id: requestActor,
              src: requestActor,
              // Formik owns the values; they travel with the event and are not kept.
              input: <TValues>({ event }: { event: TokenSignInEvent<TValues> }) => {
                assertEvent(event, 'SUBMIT');
                return event.values;
              },
              onDone: [
                {
                  guard: { type: 'hasCustomToken', params: answerOf },
                  target: 'signingIn',
                  description: 'The answer carries a custom token: sign in with it.',
                  actions: { type: 'keepToken', params: answerOf },
                },
                {
                  target: `#${id}.${errorTargets.signedOut}`,
                  description: 'The answer carries no custom token: nobody can be signed in.',
                  actions: {
                    type: 'showError',
                    params: ({ event }: { event: { output: TokenResponse } }) => ({
                      message: messages.toMissingTokenMessage(event.output),
                    }),
                  },
                },
              ],
              onError: {
                target: `#${id}.${errorTargets.refused}`,
                description: 'The API refused the form, or did not answer.',
                actions: {
                  type: 'showError',
                  params: ({ event }: { event: { error: unknown } }) => ({
                    message: messages.toRefusalMessage(toHttpFailure(event.error)),
                    fieldErrors: messages.toRefusalFieldErrors?.(toHttpFailure(event.error)),
                  }),
                },
              },
            },
          },
          signingIn: {
            description: 'Waiting for the identity provider to accept the custom token.',
            exit: 'forgetToken',
            invoke: {
              id: 'signInWithToken',
              src: 'signInWithToken',
              // `hasCustomToken` guards the only way in; the fallback only satisfies the type.
              input: ({ context }: { context: TokenSignInContext }) => ({
                customToken: context.customToken ?? '',
              }),
              onDone: [
                {
                  guard: {
                    type: 'isAccepted',
                    params: ({ event }: { event: { output: boolean } }) => ({
                      accepted: event.output,
                    }),
                  },
                  target: `#${id}.success`,
                  description: 'The identity provider accepted the token: the user is signed in.',
                },
                showTokenRejected,
              ],
              onError: showTokenRejected,
            },
          },
        },
      },
      // Held so the resident can read the success message before the app redirects (a
      // redirect after 50 ms left it unread: test/browser/auth-journey.test.ts measures the hold).
      success: {
        description:
          'The user is signed in; the screen shows the success message and holds the redirect.',
        after: {
          successMessageHold: {
            target: 'signedIn',
            description: 'The success message has been on screen long enough to read.',
          },
        },
      },
      signedIn: {
        description: 'The user is signed in and the success message was read: the app redirects.',
        type: 'final',
      },
      error: errorState,
    },
  } as const;
}
