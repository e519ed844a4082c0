import type { AnyEventObject } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../../contract/auth';
import type { registerMachine } from './register-machine';
import type { createActorControls } from '../../flow-models/actor-controls';

/**
 * What the register model may be sent: a submit, and each kind of answer from the API and from
 * the identity provider. The machine-level and the screen-level model tests walk the same paths.
 */
export const registerEventSamples: AnyEventObject[] = [
  {
    type: 'SUBMIT',
    values: {
      invite_code: 'KERBSIDE-DEMO',
      email: 'jane@example.test',
      first_name: 'Jane',
      last_name: 'Doe',
      password: 'Secret123',
    },
  },
  { type: 'xstate.done.actor.requestRegistration', output: { custom_token: 'custom-token-1' } },
  {
    type: 'xstate.done.actor.requestRegistration',
    output: { warning: 'Sign-in is unavailable right now.' },
  },
  { type: 'xstate.done.actor.requestRegistration', output: {} },
  {
    type: 'xstate.error.actor.requestRegistration',
    error: { status: 400, body: { error: 'Invalid invite code.' } },
  },
  {
    type: 'xstate.error.actor.requestRegistration',
    error: { status: 400, body: { email: ['A user with that email already exists.'] } },
  },
  { type: 'xstate.error.actor.requestRegistration', error: { status: 429, body: '<html></html>' } },
  { type: 'xstate.error.actor.requestRegistration', error: { status: 502, body: '<html></html>' } },
  { type: 'xstate.error.actor.requestRegistration', error: {} },
  { type: 'xstate.done.actor.signInWithToken', output: true },
  { type: 'xstate.done.actor.signInWithToken', output: false },
  { type: 'xstate.error.actor.signInWithToken', error: { code: 'auth/network-request-failed' } },
];

/** The register machine with actors the test settles by hand through `controls`. */
export function withControlledRegisterActors(
  machine: typeof registerMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      requestRegistration: controls.promise<TokenResponse, RegistrationDetails>(
        'requestRegistration',
      ),
      signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
    },
  });
}
