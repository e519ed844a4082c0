import { setup } from 'xstate';
import type { LoginCredentials } from '../../../contract/auth';
import { loginFailureMessages } from './login-error-message';
import {
  createTokenSignInMachineConfig,
  requestTokenActor,
  signInWithTokenActor,
  tokenSignInSetup,
} from '../shared/token-sign-in-machine-config';

/**
 * Email and password sign-in (docs/contract.md §2 "Login", §8 "Login"): the API answers with a
 * custom token, which the identity provider then accepts or rejects. Reaching `success` is the
 * screen's cue for "Login successful! Redirecting to dashboard..."; the session machine notices
 * the new identity and the public-route guard redirects once `signedIn` follows, after the
 * `successMessageHold` delay.
 */
export const loginMachine = setup({
  ...tokenSignInSetup<LoginCredentials>(),
  actors: {
    requestLogin: requestTokenActor<LoginCredentials>('login', 'requestLogin'),
    signInWithToken: signInWithTokenActor('login'),
  },
}).createMachine(
  createTokenSignInMachineConfig({
    id: 'login',
    description: 'Signing in with email and password.',
    requestActor: 'requestLogin',
    messages: loginFailureMessages,
    errorTargets: { refused: 'error', signedOut: 'error' },
    errorState: {
      description: 'The sign-in failed; the screen shows why.',
      on: {
        SUBMIT: { target: 'submitting', description: 'Retry with whatever the form now holds.' },
      },
    },
  }),
);
