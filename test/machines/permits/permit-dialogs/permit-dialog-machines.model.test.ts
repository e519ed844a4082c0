import { createMachine, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { activatePermitMachine } from '../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import { updatePermitMachine } from '../../../../machines/permits/permit-dialogs/update-permit-machine';
import {
  createActorControls,
  type ActorControls,
} from '../../../../machines/flow-models/actor-controls';
import {
  createMachineTestModel,
  describePath,
  type ModelDriver,
} from '../../../../machines/flow-models/model-paths';
import {
  checkingAction,
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';
import {
  permitActionEventSamples,
  scheduledPermit,
  schedulingSite,
  updatePermitEventSamples,
  withControlledPermitActionActors,
  withControlledUpdatePermitActors,
} from '../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';

/**
 * A driver for a dialog opened for `scheduledPermit`, also checking the app's actions: `close`
 * runs exactly once, on reaching a final state, and `listAction` exactly once in `listedIn`.
 */
function dialogDriver(
  provide: (controls: ActorControls) => AnyStateMachine,
  input: unknown,
  listAction: 'reloadList' | 'refreshList',
  listedIn: string,
  timeoutMs = 200,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const close = jest.fn();
  const list = jest.fn();
  const machine = provide(controls).provide({ actions: { close, [listAction]: list } });
  const driver = createMachineDriver(machine, { controls, timeoutMs, input });
  return checkingAction(
    checkingAction(driver, close, (state) => state.status === 'done'),
    list,
    (state) => state.matches(listedIn),
  );
}

const actionInput = { permit: scheduledPermit };

describe.each([
  { machine: activatePermitMachine, actorId: 'activatePermit' as const },
  { machine: cancelPermitMachine, actorId: 'cancelPermit' as const },
])('$actorId dialog model', ({ machine, actorId }) => {
  const model = createMachineTestModel(machine, {
    eventSamples: permitActionEventSamples(actorId),
    coverage: 'transitions',
  });
  const paths = model.getShortestPaths({ input: actionInput });
  const driverFor = (variant: AnyStateMachine, timeoutMs?: number) =>
    dialogDriver(
      (controls) => withControlledPermitActionActors(variant as typeof machine, actorId, controls),
      actionInput,
      'reloadList',
      'reloaded',
      timeoutMs,
    );

  testEveryModelPath(machine, paths, () => driverFor(machine));

  it('walks a retry, a dismissal after a failure, and the reload delay', () => {
    const walked = paths.map(describePath);
    expect(walked.some((name) => new RegExp(`${actorId} fails with.*CONFIRM`).test(name))).toBe(
      true,
    );
    expect(walked.some((name) => new RegExp(`${actorId} fails with.*DISMISS`).test(name))).toBe(
      true,
    );
    expect(walked.some((name) => name.includes('reloadDelay passes'))).toBe(true);
  });

  it('catches a broken variant', async () => {
    // The list reloaded the moment the server answers, before it can show the change.
    const broken = createMachine(
      {
        ...machine.config,
        states: { ...machine.config.states, succeeded: { always: 'reloaded' } },
      },
      machine.implementations,
    );
    await expectBrokenPathsToFail(
      paths,
      ({ event }) => event.type === `xstate.done.actor.${actorId}`,
      () => driverFor(broken, 50),
    );
  });
});

describe('updatePermit dialog model', () => {
  const input = { permit: scheduledPermit, settings: schedulingSite };
  const model = createMachineTestModel(updatePermitMachine, {
    eventSamples: updatePermitEventSamples,
    coverage: 'transitions',
  });
  const paths = model.getShortestPaths({ input });
  const driverFor = (variant: typeof updatePermitMachine, timeoutMs?: number) =>
    dialogDriver(
      (controls) => withControlledUpdatePermitActors(variant, controls),
      input,
      'refreshList',
      'succeeded',
      timeoutMs,
    );

  testEveryModelPath(updatePermitMachine, paths, () => driverFor(updatePermitMachine));

  it('walks a refused 2xx, a retry and a dismissal after a failure', () => {
    const walked = paths.map(describePath);
    expect(walked.some((name) => /updatePermit answers.*SUBMIT/.test(name))).toBe(true);
    expect(walked.some((name) => /updatePermit fails with.*DISMISS/.test(name))).toBe(true);
  });

  it('catches a broken variant', async () => {
    // A 2xx carrying an error flag taken for a success: the dialog would close on a refusal.
    const broken = updatePermitMachine.provide({ guards: { isRefusal: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.done.actor.updatePermit' &&
        (event.output as { error?: unknown }).error === true,
      () => driverFor(broken, 50),
    );
  });
});
