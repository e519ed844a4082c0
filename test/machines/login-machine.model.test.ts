import type { AnyEventObject } from 'xstate';
import type { LoginCredentials, TokenResponse } from '../../machines/auth/auth-types';
import { loginMachine } from '../../machines/auth/login-machine';
import { createActorControls } from './actor-controls';
import {
  createMachineDriver,
  createMachineTestModel,
  describePath,
  runModelPath,
  unreachedStateIds,
} from './model-harness';

const eventSamples: AnyEventObject[] = [
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

const model = createMachineTestModel(loginMachine, { eventSamples, coverage: 'transitions' });
const paths = model.getShortestPaths();

function driverFor(machine: typeof loginMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: {
      requestLogin: controls.promise<TokenResponse, LoginCredentials>('requestLogin'),
      signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
    },
  });
  return createMachineDriver(provided, { controls, timeoutMs });
}

describe('loginMachine model', () => {
  it('has paths reaching every state', () => {
    expect(unreachedStateIds(loginMachine, paths)).toEqual([]);
  });

  it.each(paths.map((path, index) => [index + 1, describePath(path), path] as const))(
    'path %i, to %s, is followed by a real actor',
    async (_, __, path) => {
      await runModelPath(path, driverFor(loginMachine));
    },
  );

  it('catches a broken transition', async () => {
    // A login step answering false treated as accepted: the user would see success.
    const broken = loginMachine.provide({ guards: { isAccepted: () => true } });
    const throughRejectedToken = paths.filter((path) =>
      path.steps.some(
        ({ event }) => event.type === 'xstate.done.actor.signInWithToken' && event.output === false,
      ),
    );
    expect(throughRejectedToken.length).toBeGreaterThan(0);
    for (const path of throughRejectedToken) {
      await expect(runModelPath(path, driverFor(broken, 50))).rejects.toThrow(/Expected state/);
    }
  });
});
