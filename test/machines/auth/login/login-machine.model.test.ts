import { loginMachine } from '../../../../machines/auth/login/login-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  loginEventSamples,
  withControlledLoginActors,
} from '../../../../machines/auth/login/login-flow-samples';
import { createMachineTestModel } from '../../../../machines/flow-models/model-paths';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const model = createMachineTestModel(loginMachine, {
  eventSamples: loginEventSamples,
  coverage: 'transitions',
});
const paths = model.getShortestPaths();

function driverFor(machine: typeof loginMachine, timeoutMs = 200) {
  const controls = createActorControls();
  return createMachineDriver(withControlledLoginActors(machine, controls), { controls, timeoutMs });
}

describe('loginMachine model', () => {
  testEveryModelPath(loginMachine, paths, () => driverFor(loginMachine));

  it('catches a broken transition', async () => {
    // A login step answering false treated as accepted: the user would see success.
    const broken = loginMachine.provide({ guards: { isAccepted: () => true } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) => event.type === 'xstate.done.actor.signInWithToken' && event.output === false,
      () => driverFor(broken, 50),
    );
  });
});
