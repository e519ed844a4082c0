import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../machines/auth/auth-types';
import { registerMachine } from '../../machines/auth/register-machine';
import { createActorControls } from './actor-controls';
import {
  createMachineDriver,
  createMachineTestModel,
  describePath,
  runModelPath,
  unreachedStateIds,
  type ModelDriver,
} from './model-harness';

const eventSamples: AnyEventObject[] = [
  {
    type: 'SUBMIT',
    values: {
      email: 'jane@example.test',
      first_name: 'Jane',
      last_name: 'Doe',
      password: 'Secret123',
      invite_code: 'KERBSIDE-DEMO',
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

const model = createMachineTestModel(registerMachine, { eventSamples, coverage: 'transitions' });
const paths = model.getShortestPaths();

/** The machine driver, also checking that /login is navigated to exactly when redirected. */
function driverFor(
  machine: typeof registerMachine,
  timeoutMs = 200,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const navigateToLogin = jest.fn();
  const provided = machine.provide({
    actors: {
      requestRegistration: controls.promise<TokenResponse, RegistrationDetails>(
        'requestRegistration',
      ),
      signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
    },
    actions: { navigateToLogin },
  });
  const driver = createMachineDriver(provided, { controls, timeoutMs });
  return {
    ...driver,
    async expectState(state) {
      await driver.expectState(state);
      expect(navigateToLogin).toHaveBeenCalledTimes(state.matches({ error: 'redirected' }) ? 1 : 0);
    },
  };
}

describe('registerMachine model', () => {
  it('has paths reaching every state', () => {
    expect(unreachedStateIds(registerMachine, paths)).toEqual([]);
  });

  it.each(paths.map((path, index) => [index + 1, describePath(path), path] as const))(
    'path %i, to %s, is followed by a real actor',
    async (_, __, path) => {
      await runModelPath(path, driverFor(registerMachine));
    },
  );

  it('catches a broken transition', async () => {
    // A missing custom token treated as present: the user would never be sent to /login.
    const broken = registerMachine.provide({ guards: { hasCustomToken: () => true } });
    const throughMissingToken = paths.filter((path) =>
      path.steps.some(
        ({ event }) =>
          event.type === 'xstate.done.actor.requestRegistration' &&
          !(event.output as TokenResponse).custom_token,
      ),
    );
    expect(throughMissingToken.length).toBeGreaterThan(0);
    for (const path of throughMissingToken) {
      await expect(runModelPath(path, driverFor(broken, 50))).rejects.toThrow(/Expected state/);
    }
  });
});
