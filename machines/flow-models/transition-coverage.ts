import {
  createEmptyActor,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
} from 'xstate';
import { allStateNodes, transitionDefinitionsOf } from './state-graph';

/** The parts of a transition definition coverage reads. */
interface TransitionView {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[];
}

interface CoveredPath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

function definitionsOf(node: AnyStateNode): TransitionView[] {
  return transitionDefinitionsOf<TransitionView>(node);
}

/** A transition's name as the flow docs list it: source, event and its place among the source's. */
function keyOf(transition: TransitionView): string {
  const siblings = definitionsOf(transition.source).filter(
    (candidate) => candidate.eventType === transition.eventType,
  );
  const index = siblings.indexOf(transition as never);
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  return `${transition.source.id} on ${event}${siblings.length > 1 ? ` #${index + 1}` : ''}`;
}

/** Every transition of `machine` (event, delay, actor settlement and eventless), by name. */
export function transitionsOf(machine: AnyStateMachine): string[] {
  return allStateNodes<AnyStateNode>(machine.root).flatMap(definitionsOf).map(keyOf);
}

/**
 * What `transitionsTaken` found, by the snapshot a step starts from and the event it takes. The
 * generated paths of one machine share their snapshot and event objects (each path extends a
 * shorter one), so a few hundred distinct steps stand behind thousands of path steps.
 */
const takenBefore = new WeakMap<AnyMachineSnapshot, WeakMap<AnyEventObject, string[]>>();

/**
 * The transitions one step takes from `before` on `event`, eventless ones included: the machine
 * reports each microstep's transitions to its system's inspection, which this scope records (the
 * same kind of stand-in scope `xstate/graph` walks the machine with).
 */
function transitionsTaken(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: AnyEventObject,
): string[] {
  let byEvent = takenBefore.get(before);
  if (!byEvent) takenBefore.set(before, (byEvent = new WeakMap()));
  const known = byEvent.get(event);
  if (known) return known;
  const keys = walkStep(machine, before, event);
  byEvent.set(event, keys);
  return keys;
}

function walkStep(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: AnyEventObject,
): string[] {
  const taken: TransitionView[] = [];
  const self = createEmptyActor();
  const system = Object.create(self.system) as AnyActorScope['system'] & {
    _sendInspectionEvent(inspection: InspectionEvent): void;
  };
  system._sendInspectionEvent = (inspection) => {
    if (inspection.type === '@xstate.microstep') {
      taken.push(...(inspection as unknown as { _transitions: TransitionView[] })._transitions);
    }
  };
  const scope = {
    self,
    system,
    logger: () => {},
    id: '',
    sessionId: 'transition-coverage',
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  machine.transition(before, event, scope);
  return taken.map(keyOf);
}

/** The transitions `paths` walk, by name. */
export function transitionsWalked(
  machine: AnyStateMachine,
  paths: readonly CoveredPath[],
): Set<string> {
  const walked = new Set<string>();
  for (const { steps } of paths) {
    steps.forEach((step, index) => {
      const before = steps[index - 1];
      if (!before) return;
      transitionsTaken(machine, before.state, step.event).forEach((key) => walked.add(key));
    });
  }
  return walked;
}

/** The transitions of `machine` that none of `paths` walks (empty when all are walked). */
export function unwalkedTransitions(
  machine: AnyStateMachine,
  paths: readonly CoveredPath[],
): string[] {
  const walked = transitionsWalked(machine, paths);
  return transitionsOf(machine).filter((key) => !walked.has(key));
}

/**
 * A few of `paths` that together hold every key any of them holds: greedily, the path holding the
 * most keys not yet held, then the next.
 */
export function pathsCovering<TPath>(
  paths: readonly TPath[],
  keysOf: (path: TPath) => Iterable<string>,
): TPath[] {
  const keysBy = paths.map((path) => new Set(keysOf(path)));
  const chosen: TPath[] = [];
  const held = new Set<string>();
  for (;;) {
    let best = -1;
    let bestGain = 0;
    keysBy.forEach((keys, index) => {
      let gain = 0;
      keys.forEach((key) => {
        if (!held.has(key)) gain += 1;
      });
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) return chosen;
    chosen.push(paths[best]!);
    keysBy[best]!.forEach((key) => held.add(key));
  }
}

/**
 * A few of `paths` that together walk every transition the whole set walks (`pathsCovering`): a
 * browser or a rendered screen plays these instead of hundreds.
 */
export function pathsOverEveryTransition<TPath extends CoveredPath>(
  machine: AnyStateMachine,
  paths: readonly TPath[],
): TPath[] {
  return pathsCovering(paths, (path) => transitionsWalked(machine, [path]));
}
