import { isDeepStrictEqual } from 'node:util';
import {
  createActor,
  SimulatedClock,
  waitFor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import type { ActorControls } from '../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  unreachedStateIds,
  type MachinePath,
  type ModelDriver,
} from '../../machines/flow-models/model-paths';

export interface MachineDriverOptions {
  controls: ActorControls;
  /** Event types that arrive through a callback actor (e.g. the identity listener), by actor. */
  sentByActor?: Readonly<Record<string, string>>;
  /** How long to wait for the actor to reach a state after a settlement. */
  timeoutMs?: number;
  /** The machine's input, the same the paths were generated with. */
  input?: unknown;
}

export interface MachineDriver extends ModelDriver<AnyMachineSnapshot> {
  actor(): AnyActorRef;
}

/**
 * `expect(actual).toEqual(expected)`, at a fraction of its cost when the two are equal: a pair
 * strictly deep-equal is equal to `toEqual` too, and only a pair that is not pays for Jest's
 * comparison and its diff. The model tests compare a context at each of tens of thousands of
 * steps: `toEqual` took a fifth of the CPU of the list machine's model test.
 */
export function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

/**
 * Drives a real actor of `machine` (whose actors are `controls`' fakes) on a simulated clock,
 * so named delays pass exactly when a path says so. The state check compares the value, the
 * context and the tags with the model's.
 */
export function createMachineDriver(
  machine: AnyStateMachine,
  { controls, sentByActor = {}, timeoutMs = 1000, input }: MachineDriverOptions,
): MachineDriver {
  const clock = new SimulatedClock();
  let running: AnyActorRef | undefined;
  const actor = (): AnyActorRef => {
    if (!running) throw new Error('The path has not started the actor yet');
    return running;
  };

  return {
    actor,
    start() {
      running = createActor(machine, { clock, input }).start();
    },
    send(event) {
      const sender = sentByActor[event.type];
      if (sender) controls.sendFrom(sender, event);
      else actor().send(event);
    },
    settle(actorId, outcome) {
      controls.settle(actorId, outcome);
    },
    elapse(delay) {
      const ms: unknown = machine.implementations.delays[delay];
      if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not a fixed number`);
      clock.increment(ms);
    },
    async expectState(state) {
      const reached = await waitFor(
        actor(),
        (snapshot: AnyMachineSnapshot) => isDeepStrictEqual(snapshot.value, state.value),
        { timeout: timeoutMs },
      ).catch(() => {
        throw new Error(
          `Expected state ${JSON.stringify(state.value)}, ` +
            `but the actor is in ${JSON.stringify(actor().getSnapshot().value)}`,
        );
      });
      expectEqual(reached.context, state.context);
      expectEqual([...reached.tags].sort(), [...state.tags].sort());
    },
  };
}

/**
 * Proves the harness can fail: every path that `through` selects must be refused when played
 * against a deliberately broken machine's driver.
 */
export async function expectBrokenPathsToFail(
  paths: MachinePath[],
  through: (step: { event: AnyEventObject; state: AnyMachineSnapshot }) => boolean,
  brokenDriver: () => ModelDriver<AnyMachineSnapshot>,
): Promise<void> {
  const affected = paths.filter((path) => path.steps.some(through));
  expect(affected.length).toBeGreaterThan(0);
  for (const path of affected) {
    await expect(runModelPath(path, brokenDriver())).rejects.toThrow(/Expected state/);
  }
}

/**
 * A driver that also checks an action the app provides (a navigation, say): it has run exactly
 * once in the states `ranIn` accepts, and not at all elsewhere.
 */
export function checkingAction(
  driver: ModelDriver<AnyMachineSnapshot>,
  action: jest.Mock,
  ranIn: (state: AnyMachineSnapshot) => boolean,
): ModelDriver<AnyMachineSnapshot> {
  return {
    ...driver,
    async expectState(state) {
      await driver.expectState(state);
      expect(action).toHaveBeenCalledTimes(ranIn(state) ? 1 : 0);
    },
  };
}

/**
 * The two tests every model gets: its paths reach every state, and each path, played through a
 * fresh driver (a real actor, or the rendered screen), ends where the model says.
 */
export function testEveryModelPath(
  machine: AnyStateMachine,
  paths: MachinePath[],
  newDriver: () => ModelDriver<AnyMachineSnapshot>,
): void {
  it('has paths reaching every state', () => {
    expect(unreachedStateIds(machine, paths)).toEqual([]);
  });

  paths.forEach((path, index) => {
    it(
      `path ${index + 1}, to ${describePath(path)}, is followed`,
      async () => {
        await runModelPath(path, newDriver());
      },
      // A step on a rendered screen (a form filled in, say) can take seconds on a busy two-core
      // machine, and a path over many transitions has many steps.
      Math.max(20_000, path.steps.length * 5_000),
    );
  });
}
