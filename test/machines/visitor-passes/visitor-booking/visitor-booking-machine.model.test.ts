import { visitorBookingMachine } from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { flowModels, pathsOf } from '../../../../machines/flow-models/flow-models';
import { describePath } from '../../../../machines/flow-models/model-paths';
import {
  visitorBookingInput,
  withControlledVisitorBookingActors,
} from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-flow-samples';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const paths = pathsOf(flowModels.find((model) => model.name === 'visitorBooking')!);

function driverFor(machine: typeof visitorBookingMachine, timeoutMs = 200) {
  const controls = createActorControls();
  return createMachineDriver(withControlledVisitorBookingActors(machine, controls), {
    controls,
    timeoutMs,
    input: visitorBookingInput,
  });
}

describe('visitorBookingMachine model', () => {
  testEveryModelPath(visitorBookingMachine, paths, () => driverFor(visitorBookingMachine));

  it('walks a pass that stopped being usable while the form was filled in', () => {
    expect(paths.map(describePath).some((name) => /bookVisit fails with HTTP 404/.test(name))).toBe(
      true,
    );
  });

  it('catches a broken transition', async () => {
    // A pass the host no longer serves taken for a failed read: the visitor would be asked to
    // try again rather than told to ask for a new link.
    const broken = visitorBookingMachine.provide({ guards: { isUnusable: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.error.actor.loadInvitation' &&
        (event.error as { status?: number }).status === 404,
      () => driverFor(broken, 50),
    );
  });

  it('catches a status that is never looked at again', async () => {
    const broken = visitorBookingMachine.provide({ guards: { isPending: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) => event.type.startsWith('xstate.after.statusRefresh'),
      () => driverFor(broken, 50),
    );
  });
});
