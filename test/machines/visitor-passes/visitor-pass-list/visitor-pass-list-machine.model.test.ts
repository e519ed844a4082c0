import { visitorPassListMachine } from '../../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { flowModels, pathsOf } from '../../../../machines/flow-models/flow-models';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';
import type { VisitorPassList } from '../../../../contract/visitor-pass';

const paths = pathsOf(flowModels.find((model) => model.name === 'visitorPassList')!);

function driverFor(machine: typeof visitorPassListMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: { listVisitorPasses: controls.promise<VisitorPassList>('listVisitorPasses') },
  });
  return createMachineDriver(provided, { controls, timeoutMs });
}

describe('visitorPassListMachine model', () => {
  testEveryModelPath(visitorPassListMachine, paths, () => driverFor(visitorPassListMachine));

  it('catches a host without visitor passes taken for a failure', async () => {
    const broken = visitorPassListMachine.provide({ guards: { notOffered: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.error.actor.listVisitorPasses' &&
        (event.error as { status?: number }).status === 404,
      () => driverFor(broken, 50),
    );
  });
});
