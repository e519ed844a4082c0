import {
  visitorPassMachine,
  type VisitorPassInput,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import { pathsOf, flowModels } from '../../../../machines/flow-models/flow-models';
import {
  createMachineTestModel,
  describePath,
  runModelPath,
} from '../../../../machines/flow-models/model-paths';
import {
  expiredPass,
  readyPass,
  usedPass,
  visitorPassEventSamples,
  visitorPassInput,
  withControlledVisitorPassActors,
  withdrawnPass,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-flow-samples';
import type { VisitorPass } from '../../../../contract/visitor-pass';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from '../../model-path-tests';

const paths = pathsOf(flowModels.find((model) => model.name === 'visitorPass')!);

function driverFor(
  machine: typeof visitorPassMachine,
  input: VisitorPassInput = visitorPassInput,
  timeoutMs = 200,
) {
  const controls = createActorControls();
  return createMachineDriver(withControlledVisitorPassActors(machine, controls), {
    controls,
    timeoutMs,
    input,
  });
}

describe('visitorPassMachine model, a new pass', () => {
  testEveryModelPath(visitorPassMachine, paths, () => driverFor(visitorPassMachine));

  it('catches a broken transition', async () => {
    // A withdrawal answered with a used pass taken as withdrawn: the list would say "Withdrawn".
    const broken = visitorPassMachine.provide({
      guards: { passIs: (_, params) => params.state === 'WITHDRAWN' },
    });
    await expectBrokenPathsToFail(
      paths,
      ({ event }) =>
        event.type === 'xstate.done.actor.withdrawVisitorPass' &&
        (event.output as VisitorPass).state === 'USED',
      () => driverFor(broken, undefined, 50),
    );
  });
});

// A pass on the resident's list starts in the state the host gives it.
describe.each([
  ['READY', readyPass],
  ['USED', usedPass],
  ['EXPIRED', expiredPass],
  ['WITHDRAWN', withdrawnPass],
])('visitorPassMachine model, a listed %s pass', (_, pass) => {
  const listedPaths = createMachineTestModel(visitorPassMachine, {
    eventSamples: visitorPassEventSamples,
    coverage: 'transitions',
  }).getShortestPaths({ input: { pass } });

  it('has paths', () => {
    expect(listedPaths.length).toBeGreaterThan(0);
  });

  it.each(listedPaths.map((path) => [describePath(path), path] as const))(
    'the path to %s is followed',
    async (_, path) => {
      await runModelPath(path, driverFor(visitorPassMachine, { pass }));
    },
  );
});
