import type { AnyMachineSnapshot } from 'xstate';
import type { TokenResponse } from '../../../../contract/auth';
import { registerMachine } from '../../../../machines/auth/register/register-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  registerEventSamples,
  withControlledRegisterActors,
} from '../../../../machines/auth/register/register-flow-samples';
import {
  createMachineTestModel,
  type ModelDriver,
} from '../../../../machines/flow-models/model-paths';
import {
  checkingAction,
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const model = createMachineTestModel(registerMachine, {
  eventSamples: registerEventSamples,
  coverage: 'transitions',
});
const paths = model.getShortestPaths();

/** The machine driver, also checking that /login is navigated to exactly when redirected. */
function driverFor(
  machine: typeof registerMachine,
  timeoutMs = 200,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const navigateToLogin = jest.fn();
  const provided = withControlledRegisterActors(machine, controls).provide({
    actions: { navigateToLogin },
  });
  return checkingAction(
    createMachineDriver(provided, { controls, timeoutMs }),
    navigateToLogin,
    (state) => state.matches({ error: 'redirected' }),
  );
}

describe('registerMachine model', () => {
  testEveryModelPath(registerMachine, paths, () => driverFor(registerMachine));

  it('catches a broken transition', async () => {
    // A missing custom token treated as present: the user would never be sent to /login.
    const broken = registerMachine.provide({ guards: { hasCustomToken: () => true } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.done.actor.requestRegistration' &&
        !(event.output as TokenResponse).custom_token,
      () => driverFor(broken, 50),
    );
  });
});
