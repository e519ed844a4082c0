/**
 * Walks over a statechart's graph, for the flow docs (scripts/flows/flow-docs.ts) and transition
 * coverage (./transition-coverage.ts) alike: typed by the parts each reads of XState's nodes.
 */

/** The node and every node below it, the node first. */
export function allStateNodes<Node extends { states: Record<string, Node> }>(node: Node): Node[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** A node's transition definitions: each event's, in order, then its eventless ones. */
export function transitionDefinitionsOf<Transition>(node: {
  transitions: Map<string, readonly Transition[]>;
  always?: readonly Transition[];
}): Transition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}
