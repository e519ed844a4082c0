import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';

/** The parts of a transition definition coverage reads. */
interface TransitionView {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[];
}

interface CoveredPath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

function definitionsOf(node: AnyStateNode): TransitionView[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

/** A transition's name as `docs/flows` lists it: source, event and its place among the source's. */
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
  return allNodes(machine.root).flatMap(definitionsOf).map(keyOf);
}

const isActive = (snapshot: AnyMachineSnapshot, node: AnyStateNode) =>
  snapshot._nodes.includes(node);

/**
 * The transitions one step takes from `before` on `event` into `after`: those the machine selects
 * for the event, then the eventless ones that moved it on (an eventless transition counts when it
 * leaves a state the step was in or entered and `after` is in its target).
 */
function transitionsTaken(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: AnyEventObject,
  after: AnyMachineSnapshot,
): string[] {
  const selected = machine.getTransitionData(before as never, event as never) as TransitionView[];
  const entered = selected.flatMap((transition) =>
    (transition.target ?? []).flatMap((target) => allNodes(target)),
  );
  const eventless = allNodes(machine.root)
    .flatMap((node) => (node.always ?? []) as TransitionView[])
    .filter(
      ({ source, target }) =>
        (isActive(before, source) || entered.includes(source)) &&
        !isActive(after, source) &&
        (target ?? []).every((node) => isActive(after, node)),
    );
  return [...selected, ...eventless].map(keyOf);
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
      transitionsTaken(machine, before.state, step.event, step.state).forEach((key) =>
        walked.add(key),
      );
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
 * A few of `paths` that together walk every transition the whole set walks: greedily, the path
 * that walks the most not yet walked, then the next. A browser runs these instead of hundreds.
 */
export function pathsOverEveryTransition<TPath extends CoveredPath>(
  machine: AnyStateMachine,
  paths: readonly TPath[],
): TPath[] {
  const walkedBy = paths.map((path) => transitionsWalked(machine, [path]));
  const chosen: TPath[] = [];
  const walked = new Set<string>();
  for (;;) {
    let best = -1;
    let bestGain = 0;
    walkedBy.forEach((keys, index) => {
      const gain = [...keys].filter((key) => !walked.has(key)).length;
      if (gain > bestGain) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) return chosen;
    chosen.push(paths[best]!);
    walkedBy[best]!.forEach((key) => walked.add(key));
  }
}
