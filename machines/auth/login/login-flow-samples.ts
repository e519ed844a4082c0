import type { AnyEventObject } from 'xstate';
import type { LoginCredentials, TokenResponse } from '../../../contract/auth';
import type { loginMachine } from './login-machine';
import type { createActorControls } from '../../flow-models/actor-controls';

/**
 * What the login model may be sent: a submit, and each kind of answer from the API and from the
 * identity provider. The machine-level and the screen-level model tests walk the same paths.
 */
export const loginEventSamples: AnyEventObject[] = [
  { type: 'SUBMIT', values: { email: 'jane@example.test', password: 'Secret123' } },
  { type: 'xstate.done.actor.requestLogin', output: { custom_token: 'custom-token-1' } },
  { type: 'xstate.done.actor.requestLogin', output: { warning: 'Your account is pending.' } },
  { type: 'xstate.done.actor.requestLogin', output: {} },
  {
    type: 'xstate.error.actor.requestLogin',
    error: { status: 401, body: { detail: 'Invalid email or password.' } },
  },
  { type: 'xstate.error.actor.requestLogin', error: { status: 429, body: '<html></html>' } },
  { type: 'xstate.error.actor.requestLogin', error: { status: 500 } },
  { type: 'xstate.error.actor.requestLogin', error: { status: 400, body: {} } },
  { type: 'xstate.error.actor.requestLogin', error: {} },
  { type: 'xstate.done.actor.signInWithToken', output: true },
  { type: 'xstate.done.actor.signInWithToken', output: false },
  { type: 'xstate.error.actor.signInWithToken', error: { code: 'auth/invalid-custom-token' } },
];

/** The login machine with actors the test settles by hand through `controls`. */
export function withControlledLoginActors(
  machine: typeof loginMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      requestLogin: controls.promise<TokenResponse, LoginCredentials>('requestLogin'),
      signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
    },
  });
}
