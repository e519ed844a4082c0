import { useActorRef } from '@xstate/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import { systemClock, type Clock } from '../../machines/clock';
import { inspect } from './inspector';

/**
 * Every statechart the app runs, by the name the app and its tests know it by. This file names
 * none: each feature adds its own machines beside their live actors (TypeScript's declaration
 * merging, e.g. src/features/auth/login/login-actors.ts), so a new feature edits only its own folders.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppMachines {}

export type AppMachineName = keyof AppMachines;

/** What `machine.provide(...)` takes for one of the app's machines: its live side effects. */
export type ImplementationsOf<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/**
 * Machines whose side effects are already provided, in place of the live ones: tests give their
 * fakes here (through `AppProviders`), never through a screen's props.
 */
export type MachineOverrides = Partial<AppMachines>;

interface AppMachinesValue {
  overrides: MachineOverrides;
  clock: Clock;
}

const AppMachinesContext = createContext<AppMachinesValue>({
  overrides: {},
  clock: systemClock,
});

/**
 * The one seam between the statecharts and the world: each machine runs with the live
 * implementations its feature hands in (`useAppMachine`) unless `overrides` names another for it;
 * every screen reads "now" from `clock`.
 */
export function AppMachinesProvider({
  overrides = {},
  clock = systemClock,
  children,
}: {
  overrides?: MachineOverrides;
  clock?: Clock;
  children: ReactNode;
}) {
  const [value] = useState(() => ({ overrides, clock }));
  return <AppMachinesContext.Provider value={value}>{children}</AppMachinesContext.Provider>;
}

/** The app's clock: where every screen reads "now". */
export function useClock(): Clock {
  return useContext(AppMachinesContext).clock;
}

/**
 * The machine `name` with its side effects provided: the test's override, or `machine` with
 * `live`, the implementations its feature keeps beside its screen. The caller hands in both, so
 * each screen's chunk carries its own statechart and side effects.
 */
export function useAppMachine<Name extends AppMachineName>(
  name: Name,
  machine: AppMachines[Name],
  live: ImplementationsOf<AppMachines[Name]>,
): AppMachines[Name] {
  const { overrides } = useContext(AppMachinesContext);
  const [logic] = useState(
    () =>
      overrides[name] ??
      // One cast for all names: TypeScript cannot pair a name's implementations with its machine.
      (machine.provide as (implementations: unknown) => AppMachines[Name])(live),
  );
  return logic;
}

/**
 * Starts the machine `name` for as long as the calling component is mounted, with its side
 * effects provided (`useAppMachine`), the screen's own actions (navigation, closing a dialog)
 * added, and the inspector attached.
 */
export function useAppActor<Name extends AppMachineName>(
  name: Name,
  machine: AppMachines[Name],
  live: ImplementationsOf<AppMachines[Name]>,
  options: {
    actions?: NonNullable<ImplementationsOf<AppMachines[Name]>>['actions'];
    input?: InputFrom<AppMachines[Name]>;
  } = {},
): ActorRefFrom<AppMachines[Name]> {
  const provided = useAppMachine(name, machine, live);
  // Taken once, like the actor: the screen's callbacks are bound when it mounts.
  const [logic] = useState(() =>
    options.actions
      ? (provided.provide as (implementations: unknown) => AppMachines[Name])({
          actions: options.actions,
        })
      : provided,
  );
  return useActorRef(logic as AnyStateMachine, {
    input: options.input,
    inspect,
  }) as ActorRefFrom<AppMachines[Name]>;
}
