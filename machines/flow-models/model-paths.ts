import {
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import {
  getStateNodes,
  serializeSnapshot,
  TestModel,
  type Step,
  type TestPath,
  type TestParam,
} from 'xstate/graph';
import type { ActorOutcome } from './actor-controls';

export type MachineTestModel = TestModel<AnyMachineSnapshot, AnyEventObject, unknown>;
export type MachinePath = TestPath<AnyMachineSnapshot, AnyEventObject>;

/**
 * What one step of a generated path asks the system under test to do. The graph emits the
 * steps the machine takes by itself as events too: `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` (an invoked actor settled) and `xstate.after.<delay>.<state>`
 * (a named delay passed); they become `settle` and `elapse` here.
 */
export type PathStep =
  | { kind: 'start' }
  | { kind: 'event'; event: AnyEventObject }
  | { kind: 'settle'; actorId: string; outcome: ActorOutcome }
  | { kind: 'elapse'; delay: string };

export function toPathStep(event: AnyEventObject): PathStep {
  if (event.type === 'xstate.init') return { kind: 'start' };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done?.[1]) {
    return { kind: 'settle', actorId: done[1], outcome: { status: 'done', output: event.output } };
  }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (error?.[1]) {
    return { kind: 'settle', actorId: error[1], outcome: { status: 'error', error: event.error } };
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after?.[1]) return { kind: 'elapse', delay: after[1] };
  if (event.type.startsWith('xstate.')) {
    throw new Error(`The model harness cannot drive the built-in event "${event.type}"`);
  }
  return { kind: 'event', event };
}

/**
 * How a path reaches the system under test: a bare actor (`createMachineDriver`) or, later, a
 * rendered screen whose `send` is a user gesture and whose `expectState` checks what the user
 * sees.
 */
export interface ModelDriver<TSnapshot> {
  start(): void | Promise<void>;
  send(event: AnyEventObject): void | Promise<void>;
  settle(actorId: string, outcome: ActorOutcome): void | Promise<void>;
  elapse(delay: string): void | Promise<void>;
  expectState(state: TSnapshot): void | Promise<void>;
}

export interface MachineTestModelOptions {
  /**
   * Concrete events for every event type that carries data, including the `output` of
   * `xstate.done.actor.*` and the `error` of `xstate.error.actor.*`. Each sample becomes its own
   * edge of the graph. Types without samples are sent bare, `{ type }`.
   */
  eventSamples: readonly AnyEventObject[];
  /**
   * `states` (the default): one shortest path to each distinct state and context.
   * `transitions`: one shortest path through each transition (event sample and source state) into
   * each distinct state and context, so every edge is walked, not only every vertex reached.
   */
  coverage?: 'states' | 'transitions';
  /**
   * Whether a state offers an event it handles (all of them when left out): a screen may have no
   * gesture for an event in some states (no Log out while signed out), or send it only with
   * values its form accepts (Add Permit's SUBMIT).
   */
  offers?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
}

type ShortestPathOptions = Parameters<MachineTestModel['getShortestPaths']>[0];

/**
 * The paths of `paths` whose events are not the first events of another path, longest first: what
 * `TestModel` does when it drops duplicate paths, in one pass over a set of the paths' prefixes
 * instead of comparing every path with every other (19 of the 25 s the 3,879 paths of My Permits'
 * list machine took to generate).
 */
export function withoutPrefixPaths(paths: readonly MachinePath[]): MachinePath[] {
  const eventIds = new Map<string, number>();
  const idOf = (event: AnyEventObject) => {
    const key = JSON.stringify(event);
    let id = eventIds.get(key);
    if (id === undefined) eventIds.set(key, (id = eventIds.size));
    return id;
  };
  const prefixesKept = new Set<string>();
  const kept: MachinePath[] = [];
  // Array.prototype.sort is stable, so paths of one length keep their order, as in TestModel.
  for (const path of [...paths].sort((a, z) => z.steps.length - a.steps.length)) {
    const ids = path.steps.map(({ event }) => idOf(event));
    if (prefixesKept.has(ids.join(','))) continue;
    kept.push(path);
    ids.forEach((_, index) => prefixesKept.add(ids.slice(0, index + 1).join(',')));
  }
  return kept;
}

/** `TestModel`, with its duplicate paths dropped by `withoutPrefixPaths`. */
class LinearTestModel extends TestModel<AnyMachineSnapshot, AnyEventObject, unknown> {
  override getShortestPaths(options?: ShortestPathOptions): MachinePath[] {
    if (options?.allowDuplicatePaths) return super.getShortestPaths(options);
    return withoutPrefixPaths(super.getShortestPaths({ ...options, allowDuplicatePaths: true }));
  }
}

/**
 * A `TestModel` over a machine that invokes actors and uses delays, which `createTestModel`
 * refuses. The paths' steps name the actor settlements and delays; `runModelPath` plays them.
 */
export function createMachineTestModel(
  machine: AnyStateMachine,
  { eventSamples, coverage = 'states', offers = () => true }: MachineTestModelOptions,
): MachineTestModel {
  return new LinearTestModel(machine, {
    serializeState: (snapshot, event, previous) =>
      coverage === 'transitions' && event && previous
        ? `${serializeSnapshot(snapshot)} via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}`
        : serializeSnapshot(snapshot),
    // The traversal explores exactly the events the current state handles; a list given
    // here would replace that, so the samples are matched by type instead.
    events: (snapshot) =>
      ownEventTypes(snapshot)
        .flatMap((type) => {
          const samples = eventSamples.filter((sample) => sample.type === type);
          return samples.length > 0 ? samples : [{ type }];
        })
        .filter((event) => offers(snapshot, event)),
  });
}

/** Plays every step of `path` through `driver`, checking the state after each step. */
export async function runModelPath(
  path: MachinePath,
  driver: ModelDriver<AnyMachineSnapshot>,
): Promise<void> {
  const perform = async ({ event }: Step<AnyMachineSnapshot, AnyEventObject>) => {
    const step = toPathStep(event);
    switch (step.kind) {
      case 'start':
        return driver.start();
      case 'event':
        return driver.send(step.event);
      case 'settle':
        return driver.settle(step.actorId, step.outcome);
      case 'elapse':
        return driver.elapse(step.delay);
    }
  };
  const events: TestParam<AnyMachineSnapshot, AnyEventObject>['events'] = Object.fromEntries(
    path.steps.map(({ event }) => [event.type, perform]),
  );
  await path.test({ events, states: { '*': (state) => driver.expectState(state) } });
}

/** A sample's payload in a few words: "HTTP 401", "2 permits of 45", "a custom token". */
export function payloadSummary(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return `${value.length} items`;
  if (typeof value !== 'object') return String(value);
  const record = value as Record<string, unknown>;
  // A list answer as the contract words it: `{"results": [...]}`.
  if (Array.isArray(record.results)) return `${record.results.length} items`;
  if (typeof record.status === 'number') {
    const { body } = record;
    if (typeof body === 'string') return `HTTP ${record.status} (a text body)`;
    // Each field with its (first) message: two refusals of one status read differently.
    const fields = Object.entries(typeof body === 'object' && body !== null ? body : {}).map(
      ([name, message]: [string, unknown]) => {
        const text: unknown = Array.isArray(message) ? message[0] : message;
        return typeof text === 'string' ? `${name} "${text}"` : name;
      },
    );
    return `HTTP ${record.status}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
  }
  if (record.kind === 'listed' && Array.isArray(record.permits)) {
    const statuses = (record.permits as Array<{ status?: string }>).map(({ status }) => status);
    return `${record.permits.length} permits of ${String(record.count)}${
      statuses.length > 0 ? ` (${statuses.join(', ')})` : ''
    }`;
  }
  if (record.kind === 'pageGone') return 'the page is gone';
  if ('custom_token' in record) return record.custom_token ? 'a custom token' : 'no token';
  if ('user' in record) {
    const user = record.user as { email?: string; emailVerified?: boolean } | null;
    if (!user) return 'nobody';
    return `user ${user.email ?? ''}${user.emailVerified === false ? ' (e-mail unverified)' : ''}`;
  }
  if ('message' in record && typeof record.message === 'string') return `"${record.message}"`;
  // A visitor pass (with its token once, when just made), the visitor's invitation, a booking.
  if ('pass' in record) return payloadSummary(record.pass);
  if (typeof record.uses_left === 'number' && typeof record.state === 'string') {
    return `the pass (${record.state})${'token' in record ? ' with its token' : ''}`;
  }
  if (typeof record.inviter_first_name === 'string') {
    return `the pass from ${record.inviter_first_name}`;
  }
  if (!('id' in record) && typeof record.reference_no === 'string' && 'status' in record) {
    return `the booking (${String(record.status)})`;
  }
  if ('first_name' in record) return 'a profile';
  const keys = Object.keys(record);
  return keys.length === 0 ? 'no details' : `{${keys.join(', ')}}`;
}

/** One step of a generated path in words. */
export function stepWords(event: AnyEventObject): string {
  const step = toPathStep(event);
  switch (step.kind) {
    case 'start':
      return 'start';
    case 'event': {
      const { type, ...payload } = step.event;
      const values = payload.values as Record<string, unknown> | undefined;
      if (values) {
        const ticked = Object.keys(values).filter((name) => values[name] === true);
        return `${type} (${Object.keys(values).length} fields${ticked.map((name) => `, ${name}`).join('')})`;
      }
      if (Object.keys(payload).length === 0) return type;
      // A short payload is shown as it is, so two samples of one event read differently.
      const json = JSON.stringify(payload);
      return `${type} (${json.length <= 60 ? json : payloadSummary(payload)})`;
    }
    case 'settle':
      return step.outcome.status === 'done'
        ? `${step.actorId} answers ${payloadSummary(step.outcome.output)}`
        : `${step.actorId} fails with ${payloadSummary(step.outcome.error)}`;
    case 'elapse':
      return `${step.delay} passes`;
  }
}

/**
 * A test's name for a path, from the statechart's descriptions: what the resident sees where the
 * path ends, then its steps in words (the words of the flow docs), so no two paths share a name.
 */
export function describePath(path: MachinePath): string {
  const steps = path.steps.slice(1).map(({ event }) => stepWords(event));
  const seen = path.state._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.description ?? node.key)
    .join(' ');
  return `${seen.replace(/\.$/, '')}, after ${steps.join(' → ') || 'start'}`;
}

/**
 * Ids of the leaf states of `machine` that no step of `paths` passes through (empty when all are
 * reached), transient states aside. Paths that are prefixes of longer ones are dropped by the generators, so a state may
 * be reached, and checked, on the way to another.
 */
export function unreachedStateIds(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ state: AnyMachineSnapshot }> }>,
): string[] {
  const reached = new Set(
    paths.flatMap(({ steps }) => steps.flatMap(({ state }) => state._nodes.map((node) => node.id))),
  );
  return (
    getStateNodes(machine)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      // A transient state (an unguarded `always`) is left in the same step it is entered, so no
      // snapshot rests there; the states it leads to are checked instead.
      .filter((node) => !node.always?.some((transition) => !transition.guard))
      .map((node) => node.id)
      .filter((id) => !reached.has(id))
  );
}
