import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LoginCredentials, TokenResponse } from '../../contract/auth';
import {
  loginMessages,
  toLoginErrorMessage,
  toLoginMissingTokenMessage,
} from './login-error-message';
import { toHttpFailure } from '../http-failure';
import { customTokenOf, tokenSignInGuards } from './token-sign-in';
import { notProvided } from '../not-provided';

export interface LoginContext {
  /** What the screen shows in the error state. */
  errorMessage: string | null;
  /** The custom token between the two steps of a sign-in; null otherwise. */
  customToken: string | null;
}

export type LoginEvent = { type: 'SUBMIT'; values: LoginCredentials };

/**
 * Email and password sign-in (spec section 2 "Login", section 8 "Login"): the API answers with a
 * custom token, which the identity provider then accepts or rejects. Reaching `success` is the
 * screen's cue for "Login successful! Redirecting to dashboard..."; the session machine notices
 * the new identity and the public-route guard redirects.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    requestLogin: fromPromise<TokenResponse, LoginCredentials>(async () =>
      notProvided('login', 'actor', 'requestLogin'),
    ),
    signInWithToken: fromPromise<boolean, { customToken: string }>(async () =>
      notProvided('login', 'actor', 'signInWithToken'),
    ),
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    clearError: assign({ errorMessage: null }),
    keepToken: assign((_, params: { answer: TokenResponse }) => ({
      customToken: customTokenOf(params.answer),
    })),
    forgetToken: assign({ customToken: null }),
  },
  guards: tokenSignInGuards,
}).createMachine({
  id: 'login',
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
            id: 'requestLogin',
            src: 'requestLogin',
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
                target: '#login.error',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ message: toLoginMissingTokenMessage(event.output) }),
                },
              },
            ],
            onError: {
              target: '#login.error',
              actions: {
                type: 'showError',
                params: ({ event }) => ({
                  message: toLoginErrorMessage(toHttpFailure(event.error)),
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
                target: '#login.success',
              },
              {
                target: '#login.error',
                actions: { type: 'showError', params: { message: loginMessages.tokenRejected } },
              },
            ],
            onError: {
              target: '#login.error',
              actions: { type: 'showError', params: { message: loginMessages.tokenRejected } },
            },
          },
        },
      },
    },
    success: {
      type: 'final',
    },
    // A new SUBMIT retries with whatever the form now holds.
    error: {
      on: { SUBMIT: 'submitting' },
    },
  },
});
