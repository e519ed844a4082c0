import { getPathsFromEvents } from 'xstate/graph';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { stepWords } from '../../machines/flow-models/model-paths';
import { allStateNodes, transitionDefinitionsOf } from '../../machines/flow-models/state-graph';
import {
  flowDocPath,
  flowModels,
  pathsOf,
  type FlowModel,
} from '../../machines/flow-models/flow-models';

/** The parts of XState's state nodes the docs read. */
interface StateNodeView {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  initial?: { target: readonly StateNodeView[] };
  states: Record<string, StateNodeView>;
  transitions: Map<string, readonly TransitionView[]>;
  always?: readonly TransitionView[];
}

interface TransitionView {
  eventType: string;
  target?: readonly StateNodeView[];
  guard?: unknown;
  description?: string;
}

/** A state's name as QA reads it: its path below the machine, e.g. `submitting.requesting`. */
function stateName(node: StateNodeView, machine: AnyStateMachine): string {
  return node.id === machine.id ? '(machine)' : node.id.slice(machine.id.length + 1);
}

function mermaidId(node: StateNodeView): string {
  return node.id.replace(/[^A-Za-z0-9]/g, '_');
}

/** An event type in words: `fetchProfile done`, `after validityRecheck`, `SUBMIT`. */
export function eventName(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} fails`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  if (eventType === '') return 'always';
  return eventType;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    return String((guard as { type: unknown }).type);
  }
  if (typeof guard === 'function')
    return guard.name && guard.name !== 'guard' ? guard.name : 'guarded';
  return 'guarded';
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function mermaidLabel(text: string): string {
  return text.replace(/[:;"#]/g, ' ').trim();
}

function diagramOf(machine: AnyStateMachine): string {
  const root = machine.root as unknown as StateNodeView;
  const lines: string[] = ['stateDiagram-v2'];
  const declare = (node: StateNodeView, indent: string) => {
    const children = Object.values(node.states);
    const id = mermaidId(node);
    if (children.length === 0) {
      lines.push(`${indent}state "${node.key}" as ${id}`);
      return;
    }
    lines.push(`${indent}state "${node.key}" as ${id} {`);
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${indent}  --`);
        declare(child, `${indent}  `);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
      children.forEach((child) => declare(child, `${indent}  `));
    }
    lines.push(`${indent}}`);
  };
  const rootInitial = root.initial?.target[0];
  if (rootInitial) lines.push(`  [*] --> ${mermaidId(rootInitial)}`);
  Object.values(root.states).forEach((child) => declare(child, '  '));
  for (const node of allStateNodes(root)) {
    for (const transition of transitionDefinitionsOf(node)) {
      const guard = guardName(transition.guard);
      const label = mermaidLabel(`${eventName(transition.eventType)}${guard ? ` [${guard}]` : ''}`);
      const sources = node.id === root.id ? Object.values(root.states) : [node];
      for (const target of transition.target ?? []) {
        for (const source of sources) {
          lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${label}`);
        }
      }
    }
    if (node.type === 'final' && node.id !== root.id) lines.push(`  ${mermaidId(node)} --> [*]`);
  }
  return lines.join('\n');
}

/** The states and transitions of `machine` that say nothing of what the resident sees or does. */
export function undescribed(machine: AnyStateMachine): string[] {
  const root = machine.root as unknown as StateNodeView;
  return allStateNodes(root).flatMap((node) => [
    ...(node.description ? [] : [`state ${stateName(node, machine)}`]),
    ...transitionDefinitionsOf(node)
      .filter((transition) => !transition.description)
      .map(
        (transition) =>
          `transition ${stateName(node, machine)} on ${eventName(transition.eventType)}`,
      ),
  ]);
}

function stateValueName(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => {
      const inner = stateValueName(child);
      return inner.includes(' + ') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(' + ');
}

/** One model's page, written beside its machine (`flowDocPath`). */
export function flowDoc(model: FlowModel): string {
  const { machine } = model;
  const root = machine.root as unknown as StateNodeView;
  const nodes = allStateNodes(root);
  const stateRows = nodes
    .filter((node) => node.id !== root.id)
    .map(
      (node) =>
        `| \`${stateName(node, machine)}\` | ${node.type} | ${escapeCell(node.description ?? '—')} |`,
    );
  const transitionRows = nodes.flatMap((node) =>
    transitionDefinitionsOf(node).map((transition) => {
      const targets = (transition.target ?? []).map(
        (target) => `\`${stateName(target, machine)}\``,
      );
      const guard = guardName(transition.guard);
      return `| \`${stateName(node, machine)}\` | ${escapeCell(eventName(transition.eventType))} | ${
        guard ? `\`${guard}\`` : ''
      } | ${targets.join(', ') || '(stays)'} | ${escapeCell(transition.description ?? '—')} |`;
    }),
  );
  const pathRows = pathsOf(model).map((path, index) => {
    const steps = path.steps.slice(1).map(({ event }) => stepWords(event));
    return `| ${index + 1} | ${escapeCell(steps.join(' → ') || 'start')} | \`${stateValueName(path.state.value)}\` |`;
  });
  return [
    `# ${model.title} — \`${model.name}\``,
    '',
    `Generated by \`npm run flows\` from \`${machine.id}\` in \`machines/\`; do not edit by hand.`,
    '',
    '## Diagram',
    '',
    '```mermaid',
    diagramOf(machine),
    '```',
    '',
    '## States',
    '',
    '| state | kind | what the resident sees |',
    '| --- | --- | --- |',
    ...stateRows,
    '',
    '## Transitions',
    '',
    '| from | event | guard | to | what happens |',
    '| --- | --- | --- | --- | --- |',
    ...transitionRows,
    '',
    '## Generated paths',
    '',
    'One shortest path over every transition, with the samples the model-based tests use.',
    '',
    '| # | steps | ends in |',
    '| --- | --- | --- |',
    ...pathRows,
    '',
  ].join('\n');
}

/** `docs/flows.md`: the index, linking each page beside its machine. */
export function flowIndex(models: readonly FlowModel[]): string {
  const rows = models.map(
    (model) =>
      `| [${model.title}](../${flowDocPath(model)}) | \`${model.name}\` | ${pathsOf(model).length} |`,
  );
  return [
    '# Flows for QA',
    '',
    'Generated by `npm run flows` from the statecharts in `machines/`; each page is beside its',
    'machine, and a build test fails when they are stale. Each page has a diagram (Mermaid), what every state and transition means to',
    'the resident, and the paths the model-based tests walk, step by step.',
    '',
    'Walk a flow with the XState inspector open beside the page ([docs/testing.md](testing.md#walking-a-flow-with-the-inspector) says how to',
    'open it in development): every state and transition here carries the description the',
    'statechart gives it. To see which states a recorded sequence of events walks through, for a',
    'bug report:',
    '`npm run flows -- --replay <machine> <events.json>`.',
    '',
    '| flow | machine | generated paths |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** The states a recorded event sequence walks through, one line a step. */
export function replay(machineName: string, events: AnyEventObject[]): string[] {
  const model = flowModels.find((candidate) => candidate.name === machineName);
  if (!model) {
    throw new Error(
      `No flow named "${machineName}"; the flows are ${flowModels.map((m) => m.name).join(', ')}.`,
    );
  }
  const [walk] = getPathsFromEvents(
    model.machine,
    events,
    model.input === undefined ? undefined : { input: model.input },
  );
  if (!walk) return ['The events lead nowhere from the initial state.'];
  return walk.steps.map(
    ({ event, state }) => `${stepWords(event)} → ${JSON.stringify(state.value)}`,
  );
}
