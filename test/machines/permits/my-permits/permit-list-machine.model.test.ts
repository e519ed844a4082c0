import type { ListAnswer } from '../../../../machines/permits/rules/read-permit-list-body';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  fromListSearchParams,
  toPermitListRequest,
  type PermitListFilters,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import {
  permitListMachine,
  type PublishQueryParams,
} from '../../../../machines/permits/my-permits/permit-list-machine';
import { hasPendingPermit } from '../../../../machines/permits/rules/permit-status-table';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  createMachineTestModel,
  describePath,
  type ModelDriver,
} from '../../../../machines/flow-models/model-paths';
import {
  createMachineDriver,
  expectBrokenPathsToFail,
  expectEqual,
  testEveryModelPath,
} from '../../model-path-tests';
import {
  permitListEventSamples,
  permitListModelInput,
  withControlledPermitListActors,
} from '../../../../machines/permits/my-permits/permit-list-flow-samples';

// The fixed clock of permitListModelInput: with the real one, each offline list is shown "as of"
// a new instant and the walk never ends.
const paths = createMachineTestModel(permitListMachine, {
  eventSamples: permitListEventSamples,
  coverage: 'transitions',
}).getShortestPaths({ input: permitListModelInput });
/** One path to each state: enough to show a broken variant fails, in a fraction of the time. */
const pathsToStates = createMachineTestModel(permitListMachine, {
  eventSamples: permitListEventSamples,
}).getShortestPaths({ input: permitListModelInput });

/**
 * The machine driver, also playing the app around it: the URL holds what `publishQuery` wrote,
 * or what a QUERY.CHANGED says the browser went to. After every step the URL must name the
 * filters the model shows (so reload and a shared link restore them), and while loading the
 * list call under way must ask for exactly those filters.
 */
function driverFor(
  machine: typeof permitListMachine,
  timeoutMs = 200,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  let url = '';
  const provided = withControlledPermitListActors(machine, controls).provide({
    actions: {
      publishQuery: (_, params: PublishQueryParams) => {
        url = params.query;
      },
      savePermits: () => undefined,
    },
  });
  const driver = createMachineDriver(provided, {
    controls,
    timeoutMs,
    input: permitListModelInput,
  });
  return {
    ...driver,
    send(event: AnyEventObject) {
      if (event.type === 'QUERY.CHANGED') url = String(event.query);
      return driver.send(event);
    },
    async expectState(state) {
      await driver.expectState(state);
      const filters = state.context.filters as PermitListFilters;
      expectEqual(
        fromListSearchParams(new URLSearchParams(url), permitListModelInput.clock),
        filters,
      );
      expect(controls.isRunning('fetchPermits')).toBe(state.matches('loading'));
      if (state.matches('loading')) {
        expectEqual(controls.inputs('fetchPermits').at(-1), toPermitListRequest(filters));
      }
    },
  };
}

// The broken-machine checks replay paths until one fails: under 1 s alone, but over Jest's
// default 5 s on a two-core machine busy with the browser suites.
jest.setTimeout(60_000);

describe('permitListMachine model', () => {
  testEveryModelPath(permitListMachine, paths, () => driverFor(permitListMachine));

  it('walks a self-refresh, a page hidden while watching, a failure keeping rows, a gone page', () => {
    const steps = paths.map((path) => path.steps);
    const sentAfter = (type: string, before: (state: AnyMachineSnapshot) => boolean) =>
      steps.some((walk) =>
        walk.some((step, index) => {
          const previous = walk[index - 1];
          return step.event.type === type && previous !== undefined && before(previous.state);
        }),
      );
    expect(paths.map(describePath).some((name) => name.includes('pendingRefresh passes'))).toBe(
      true,
    );
    expect(sentAfter('VISIBILITY.HIDDEN', (state) => state.matches({ ready: 'polling' }))).toBe(
      true,
    );
    expect(
      paths.some(
        ({ state }) =>
          state.context.lastFetchFailed === true && hasPendingPermit(state.context.permits),
      ),
    ).toBe(true);
    expect(
      steps.some((walk) =>
        walk.some(
          ({ event, state }) =>
            event.type === 'xstate.done.actor.fetchPermits' &&
            (event.output as ListAnswer).kind === 'pageGone' &&
            state.matches('loading') &&
            (state.context.filters as PermitListFilters).page === 1,
        ),
      ),
    ).toBe(true);
  });

  it('catches a list that never watches its pending permits', async () => {
    const broken = permitListMachine.provide({ guards: { hasPendingOnVisiblePage: () => false } });
    await expectBrokenPathsToFail(
      pathsToStates,
      ({ state }) => state.matches({ ready: 'polling' }),
      () => driverFor(broken, 50),
    );
  });

  it('catches a list that keeps refreshing a hidden page', async () => {
    const broken = permitListMachine.provide({
      guards: { hasPendingOnVisiblePage: ({ context }) => hasPendingPermit(context.permits) },
    });
    await expectBrokenPathsToFail(
      pathsToStates,
      ({ state }) =>
        state.matches({ ready: 'idle' }) &&
        !state.context.visible &&
        hasPendingPermit(state.context.permits),
      () => driverFor(broken, 50),
    );
  });
});
