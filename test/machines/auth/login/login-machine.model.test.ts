import { loginMachine } from '../../../../machines/auth/login/login-machine';
import { createActorControls } from '../../actor-controls';
import { loginEventSamples, withControlledLoginActors } from './login-machine-fixtures';
import {
  createMachineDriver,
  createMachineTestModel,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-harness';

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
