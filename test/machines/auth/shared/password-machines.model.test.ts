import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { changePasswordMachine } from '../../../../machines/settings/change-password/change-password-machine';
import { forgotPasswordMachine } from '../../../../machines/auth/forgot-password/forgot-password-machine';
import { resetPasswordMachine } from '../../../../machines/auth/reset-password/reset-password-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { createMachineTestModel } from '../../../../machines/flow-models/model-paths';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';
import {
  changePasswordEventSamples,
  forgotPasswordEventSamples,
  refusalTakenForSuccess,
  resetPasswordEventSamples,
} from '../../../../machines/auth/shared/password-flow-samples';

function driverFor(machine: AnyStateMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const controlled = machine.provide({
    actors: { sendRequest: controls.promise('sendRequest') },
  });
  return createMachineDriver(controlled, { controls, timeoutMs });
}

describe.each([
  ['changePasswordMachine', changePasswordMachine, changePasswordEventSamples],
  ['forgotPasswordMachine', forgotPasswordMachine, forgotPasswordEventSamples],
  ['resetPasswordMachine', resetPasswordMachine, resetPasswordEventSamples],
] as [string, AnyStateMachine, AnyEventObject[]][])('%s model', (_, machine, eventSamples) => {
  const paths = createMachineTestModel(machine, {
    eventSamples,
    coverage: 'transitions',
  }).getShortestPaths();

  testEveryModelPath(machine, paths, () => driverFor(machine));

  it('catches a refusal taken for success', async () => {
    const broken = refusalTakenForSuccess(machine);
    await expectBrokenPathsToFail(
      paths,
      ({ event }) => event.type === 'xstate.error.actor.sendRequest',
      () => driverFor(broken, 50),
    );
  });
});
