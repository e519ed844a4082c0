import {
  assign,
  type AnyEventObject,
  type DoneActorEvent,
  fromPromise,
  setup,
  type MachineContext,
  type PromiseActorLogic,
} from 'xstate';
import { missingImplementation } from './missing-implementation';

/** What one load-once machine is made of: its names, its context and its descriptions. */
export interface LoadOnceMachineOptions<
  TId extends string,
  TActor extends string,
  TContext extends MachineContext,
  TLoaded,
  TFinal extends string,
> {
  /** The machine's id, as `missingImplementation` and the app's seam name it. */
  id: TId;
  /** What it loads, as the inspector shows the machine. */
  description: string;
  /** Types only, as in XState's `setup({ types })`: the context, and what the call answers. */
  types: { context: TContext; loaded: TLoaded };
  /** The context before the call has settled. */
  context: NoInfer<TContext>;
  /** The call: the actor the app (or a test) provides by this name; what `loading` shows. */
  load: { actor: TActor; description: string };
  /** The call answered: the final state it leads to, what it shows, and the context then. */
  done: {
    target: NoInfer<TFinal>;
    description: string;
    context: (loaded: TLoaded) => NoInfer<TContext>;
  };
  /** The call failed: likewise; without a `context`, the context stays as it was. */
  failed: { target: NoInfer<TFinal>; description: string; context?: NoInfer<TContext> };
  /** The final states, each with its description; `done` and `failed` may share one. */
  final: Record<TFinal, string>;
}

/**
 * A statechart that calls one actor once, on start, and settles for good: `loading` until the call
 * answers or fails, then a final state. The dashboard's figures and the recent vehicles are each
 * one of these, told apart by their names, context and descriptions.
 */
export function createLoadOnceMachine<
  const TId extends string,
  const TActor extends string,
  TContext extends MachineContext,
  TLoaded,
  const TFinal extends string,
>(options: LoadOnceMachineOptions<TId, TActor, TContext, TLoaded, TFinal>) {
  const { id, load, done, failed, final } = options;
  const fallback = failed.context;
  const finalStates = Object.fromEntries(
    Object.entries<string>(final).map(([name, description]) => [
      name,
      { type: 'final' as const, description },
    ]),
  ) as Readonly<Record<TFinal, { type: 'final'; description: string }>>;
  // The actors' type is given, not inferred: inferred through a computed key, the actor's name
  // would widen to `string` and `provide` would no longer know it. For the same reason setup's
  // check of `actors` is a conditional type TypeScript cannot settle here, hence `as never`.
  return setup<
    TContext,
    AnyEventObject,
    Record<TActor, PromiseActorLogic<TLoaded, void>>,
    Record<never, string>,
    { keepLoaded: { loaded: TLoaded }; keepFallback: undefined }
  >({
    actors: {
      [load.actor]: fromPromise<TLoaded, void>(async () =>
        missingImplementation(id, 'actor', load.actor),
      ),
    } as never,
    actions: {
      keepLoaded: assign((_, params: { loaded: TLoaded }) => done.context(params.loaded)),
      keepFallback: assign(({ context }) => fallback ?? context),
    },
  }).createMachine({
    id,
    description: options.description,
    context: options.context,
    initial: 'loading',
    states: {
      loading: {
        description: load.description,
        invoke: {
          id: load.actor,
          src: load.actor,
          onDone: {
            target: done.target,
            description: done.description,
            actions: {
              type: 'keepLoaded',
              params: ({ event }: { event: DoneActorEvent<TLoaded> }) => ({ loaded: event.output }),
            },
          },
          onError: {
            target: failed.target,
            description: failed.description,
            actions: fallback === undefined ? [] : 'keepFallback',
          },
        },
      },
      ...finalStates,
    },
  });
}
