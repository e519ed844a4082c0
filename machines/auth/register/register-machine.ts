import { setup } from 'xstate';
import type { RegistrationDetails } from '../../../contract/auth';
import { registerFailureMessages } from './register-error-message';
import { missingImplementation } from '../../missing-implementation';
import {
  createTokenSignInMachineConfig,
  requestTokenActor,
  signInWithTokenActor,
  tokenSignInSetup,
} from '../shared/token-sign-in-machine-config';

const shared = tokenSignInSetup<RegistrationDetails>();

/**
 * Account creation with an invite code (docs/contract.md §2 "Register", §8 "Register"), then a
 * sign-in with the custom token the API answers with. When the account was created but the
 * sign-in cannot happen, the user is sent to /login after `loginRedirect` (3 s) through the
 * `navigateToLogin` action the app provides. Reaching `success` is the screen's cue for
 * "Registration successful! Redirecting to dashboard...", held for `successMessageHold` before
 * `signedIn` lets the app redirect.
 */
export const registerMachine = setup({
  ...shared,
  actors: {
    requestRegistration: requestTokenActor<RegistrationDetails>('register', 'requestRegistration'),
    signInWithToken: signInWithTokenActor('register'),
  },
  actions: {
    ...shared.actions,
    navigateToLogin: () => missingImplementation('register', 'action', 'navigateToLogin'),
  },
  delays: { ...shared.delays, loginRedirect: 3000 },
}).createMachine(
  createTokenSignInMachineConfig({
    id: 'register',
    description: 'Creating an account with an invite code, then signing in to it.',
    requestActor: 'requestRegistration',
    messages: registerFailureMessages,
    errorTargets: { refused: 'error.retryable', signedOut: 'error.awaitingRedirect' },
    errorState: {
      description: 'The registration or the sign-in after it failed; the screen shows why.',
      initial: 'retryable',
      states: {
        retryable: {
          description: 'The registration was refused; the form may be sent again.',
          on: {
            SUBMIT: {
              target: '#register.submitting',
              description: 'Retry with whatever the form now holds.',
            },
          },
        },
        // Registering again would only be refused, so SUBMIT is ignored until the user is on
        // /login.
        awaitingRedirect: {
          description: 'The account exists but nobody is signed in: /login follows shortly.',
          after: {
            loginRedirect: {
              target: 'redirected',
              description: 'Send the user to /login to sign in by hand.',
              actions: 'navigateToLogin',
            },
          },
        },
        redirected: { description: 'The user has been sent to /login.' },
      },
    },
  }),
);
