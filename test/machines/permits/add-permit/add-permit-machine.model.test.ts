import type { AnyMachineSnapshot } from 'xstate';
import { addPermitMachine } from '../../../../machines/permits/add-permit/add-permit-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
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
  addPermitEventSamples,
  addPermitOffers,
  addPermitInput,
  withControlledAddPermitActors,
} from '../../../../machines/permits/add-permit/add-permit-flow-samples';

const model = createMachineTestModel(addPermitMachine, {
  eventSamples: addPermitEventSamples,
  coverage: 'transitions',
  offers: addPermitOffers,
});
const paths = model.getShortestPaths({ input: addPermitInput });

/** The machine driver, also checking that My Permits is navigated to exactly on success. */
function driverFor(
  machine: typeof addPermitMachine,
  timeoutMs = 200,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const navigateToMyPermits = jest.fn();
  const provided = withControlledAddPermitActors(machine, controls).provide({
    actions: { navigateToMyPermits },
  });
  return checkingAction(
    createMachineDriver(provided, { controls, timeoutMs, input: addPermitInput }),
    navigateToMyPermits,
    (state) => state.matches('succeeded'),
  );
}

describe('addPermitMachine model', () => {
  testEveryModelPath(addPermitMachine, paths, () => driverFor(addPermitMachine));

  it('walks a retry after a failure', () => {
    const walked = paths.map(describePath);
    expect(walked.some((name) => /failed.*SUBMIT/.test(name))).toBe(true);
  });

  it('catches a broken transition', async () => {
    // Any 2xx answer treated as created: an HTTP 200 would send the resident to My Permits.
    const broken = addPermitMachine.provide({ guards: { isCreated: () => true } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.done.actor.createPermit' &&
        (event.output as { status: number }).status === 200,
      () => driverFor(broken, 50),
    );
  });

  it('walks a weekly series made in part, then retried', () => {
    const walked = paths.map(describePath);
    expect(
      walked.some((name) =>
        /createWeek (fails with|answers HTTP 200).*SUBMIT.*createWeek answers/.test(name),
      ),
    ).toBe(true);
  });

  it('catches a series called made when a week was not', async () => {
    const broken = addPermitMachine.provide({ guards: { everyWeekMade: () => true } });
    await expectBrokenPathsToFail(
      paths,
      ({ state }) => state.matches({ form: { submission: 'seriesIncomplete' } }),
      () => driverFor(broken, 50),
    );
  });
});
