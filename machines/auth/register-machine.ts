import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../contract/auth';
import {
  registerMessages,
  toRegisterErrorMessage,
  toRegisterMissingTokenMessage,
} from './register-error-message';
import { toHttpFailure } from '../http-failure';
import { customTokenOf, tokenSignInGuards } from './token-sign-in';
import { notProvided } from '../not-provided';

export interface RegisterContext {
  /** What the screen shows in the error state. */
  errorMessage: string | null;
  /** The custom token between registration and the sign-in with it; null otherwise. */
  customToken: string | null;
}

export type RegisterEvent = { type: 'SUBMIT'; values: RegistrationDetails };

/**
 * Account creation with an invite code (spec section 2 "Register", section 8 "Register"), then a
 * sign-in with the custom token the API answers with. When the account was created but the
 * sign-in cannot happen, the user is sent to /login after `loginRedirect` (3 s) through the
 * `navigateToLogin` action the app provides. Reaching `success` is the screen's cue for
 * "Registration successful! Redirecting to dashboard...".
 */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    requestRegistration: fromPromise<TokenResponse, RegistrationDetails>(async () =>
      notProvided('register', 'actor', 'requestRegistration'),
    ),
    signInWithToken: fromPromise<boolean, { customToken: string }>(async () =>
      notProvided('register', 'actor', 'signInWithToken'),
    ),
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    clearError: assign({ errorMessage: null }),
    keepToken: assign((_, params: { answer: TokenResponse }) => ({
      customToken: customTokenOf(params.answer),
    })),
    forgetToken: assign({ customToken: null }),
    navigateToLogin: () => notProvided('register', 'action', 'navigateToLogin'),
  },
  guards: tokenSignInGuards,
  delays: {
    loginRedirect: 3000,
  },
}).createMachine({
  id: 'register',
  context: { errorMessage: null, customToken: null },
  initial: 'idle',
  states: {
    idle: {
      on: { SUBMIT: 'submitting' },
    },
    // No SUBMIT handler: a second click while a request is out sends nothing.
    submitting: {
      entry: 'clearError',
      initial: 'requesting',
      states: {
        requesting: {
          invoke: {
            id: 'requestRegistration',
            src: 'requestRegistration',
            // Formik owns the values; they travel with the event and are not kept.
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT');
              return event.values;
            },
            onDone: [
              {
                guard: {
                  type: 'hasCustomToken',
                  params: ({ event }) => ({ answer: event.output }),
                },
                target: 'signingIn',
                actions: { type: 'keepToken', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: '#register.error.awaitingRedirect',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ message: toRegisterMissingTokenMessage(event.output) }),
                },
              },
            ],
            onError: {
              target: '#register.error.retryable',
              actions: {
                type: 'showError',
                params: ({ event }) => ({
                  message: toRegisterErrorMessage(toHttpFailure(event.error)),
                }),
              },
            },
          },
        },
        signingIn: {
          exit: 'forgetToken',
          invoke: {
            id: 'signInWithToken',
            src: 'signInWithToken',
            // `hasCustomToken` guards the only way in; the fallback only satisfies the type.
            input: ({ context }) => ({ customToken: context.customToken ?? '' }),
            onDone: [
              {
                guard: { type: 'isAccepted', params: ({ event }) => ({ accepted: event.output }) },
                target: '#register.success',
              },
              {
                target: '#register.error.awaitingRedirect',
                actions: {
                  type: 'showError',
                  params: { message: registerMessages.tokenLoginFailed },
                },
              },
            ],
            onError: {
              target: '#register.error.awaitingRedirect',
              actions: {
                type: 'showError',
                params: { message: registerMessages.tokenLoginFailed },
              },
            },
          },
        },
      },
    },
    success: {
      type: 'final',
    },
    error: {
      initial: 'retryable',
      states: {
        // The registration was refused: a new SUBMIT retries with whatever the form now holds.
        retryable: {
          on: { SUBMIT: '#register.submitting' },
        },
        // The account exists but nobody is signed in: registering again would only be refused,
        // so SUBMIT is ignored until the user is on /login.
        awaitingRedirect: {
          after: {
            loginRedirect: { target: 'redirected', actions: 'navigateToLogin' },
          },
        },
        redirected: {},
      },
    },
  },
});
