import { sessionMachine } from '../../machines/session-machine';
import { createActorControls } from '../../machines/flow-models/actor-controls';
import { sessionEventSamples, fakeSessionActors } from '../../machines/session-flow-samples';
import { createMachineTestModel } from '../../machines/flow-models/model-paths';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from './model-path-tests';

const model = createMachineTestModel(sessionMachine, {
  eventSamples: sessionEventSamples,
  coverage: 'transitions',
});
const paths = model.getShortestPaths();

function driverFor(machine: typeof sessionMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: fakeSessionActors(controls),
  });
  return createMachineDriver(provided, {
    controls,
    sentByActor: { 'IDENTITY.CHANGED': 'identityListener' },
    timeoutMs,
  });
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('sessionMachine model', () => {
  testEveryModelPath(sessionMachine, paths, () => driverFor(sessionMachine));

  it('catches a broken transition', async () => {
    // A 401/403 profile treated like a network failure: the session would stay signed in.
    const broken = sessionMachine.provide({ guards: { isAccountRejected: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ state }) => state.matches('invalid'),
      () => driverFor(broken, 50),
    );
  });
});
