import {
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type CallbackActorLogic,
  type EventObject,
  type PromiseActorLogic,
} from 'xstate';

/** How a path (or a test) wants an invoked promise actor to end. */
export type ActorOutcome =
  { status: 'done'; output: unknown } | { status: 'error'; error: unknown };

interface PromiseRun {
  input: unknown;
  live: boolean;
  settle: (outcome: ActorOutcome) => void;
}

interface CallbackRun {
  live: boolean;
  sendBack: (event: AnyEventObject) => void;
}

/**
 * Fake actors a test settles by hand. `promise(name)` and `callback(name)` build logic to hand to
 * `machine.provide({ actors })`; a run that the machine stops (its state was left) is no longer
 * live and can no longer be settled, exactly like a real request whose answer is ignored.
 * By convention every invoke's `id` equals its `src`, so `xstate.done.actor.<id>` names the fake.
 */
export interface ActorControls {
  promise<TOutput, TInput = void>(name: string): PromiseActorLogic<TOutput, TInput>;
  callback(name: string): CallbackActorLogic<EventObject>;
  /** Settles the newest live run of `name`; throws when none is waiting. */
  settle(name: string, outcome: ActorOutcome): void;
  resolve(name: string, output?: unknown): void;
  reject(name: string, error: unknown): void;
  /** Sends `event` to the parent from the newest live run of callback actor `name`. */
  sendFrom(name: string, event: AnyEventObject): void;
  /** The input of every run of `name` so far, oldest first. */
  inputs(name: string): unknown[];
  isRunning(name: string): boolean;
}

export function createActorControls(): ActorControls {
  const promiseRuns = new Map<string, PromiseRun[]>();
  const callbackRuns = new Map<string, CallbackRun[]>();

  const runsOf = <TRun>(runs: Map<string, TRun[]>, name: string): TRun[] => {
    const existing = runs.get(name);
    if (existing) return existing;
    const created: TRun[] = [];
    runs.set(name, created);
    return created;
  };
  const newestLive = <TRun extends { live: boolean }>(runs: TRun[]): TRun | undefined =>
    runs.findLast((run) => run.live);

  const controls: ActorControls = {
    promise<TOutput, TInput = void>(name: string) {
      return fromPromise<TOutput, TInput>(
        ({ input, signal }) =>
          new Promise<TOutput>((resolve, reject) => {
            const run: PromiseRun = {
              input,
              live: true,
              settle: (outcome) => {
                run.live = false;
                if (outcome.status === 'done') resolve(outcome.output as TOutput);
                else reject(outcome.error);
              },
            };
            signal.addEventListener('abort', () => {
              run.live = false;
            });
            runsOf(promiseRuns, name).push(run);
          }),
      );
    },
    callback(name: string) {
      return fromCallback<EventObject>(({ sendBack }) => {
        const run: CallbackRun = { live: true, sendBack };
        runsOf(callbackRuns, name).push(run);
        return () => {
          run.live = false;
        };
      });
    },
    settle(name, outcome) {
      const run = newestLive(runsOf(promiseRuns, name));
      if (!run) throw new Error(`No run of the "${name}" actor is waiting to be settled`);
      run.settle(outcome);
    },
    resolve(name, output) {
      controls.settle(name, { status: 'done', output });
    },
    reject(name, error) {
      controls.settle(name, { status: 'error', error });
    },
    sendFrom(name, event) {
      const run = newestLive(runsOf(callbackRuns, name));
      if (!run) throw new Error(`The "${name}" actor is not running`);
      run.sendBack(event);
    },
    inputs(name) {
      return runsOf(promiseRuns, name).map((run) => run.input);
    },
    isRunning(name) {
      return (
        newestLive(runsOf(promiseRuns, name)) !== undefined ||
        newestLive(runsOf(callbackRuns, name)) !== undefined
      );
    },
  };
  return controls;
}
