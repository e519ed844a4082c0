import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided';
import type { RecentVehicle } from './recent-vehicles';

export interface RecentVehiclesContext {
  /** Newest first; empty until loaded, and when the list cannot be read. */
  vehicles: RecentVehicle[];
}

/**
 * The resident's recent vehicles for Add Permit, read from their own permits
 * (`recentVehiclesOf`). A failure hides the shortcuts and nothing else: the form works without.
 */
export const recentVehiclesMachine = setup({
  types: { context: {} as RecentVehiclesContext },
  actors: {
    loadRecentVehicles: fromPromise<RecentVehicle[], void>(async () =>
      notProvided('recentVehicles', 'actor', 'loadRecentVehicles'),
    ),
  },
}).createMachine({
  id: 'recentVehicles',
  context: { vehicles: [] },
  initial: 'loading',
  states: {
    loading: {
      description: 'The resident’s permits are on their way; no shortcuts show yet.',
      invoke: {
        id: 'loadRecentVehicles',
        src: 'loadRecentVehicles',
        onDone: {
          target: 'loaded',
          description: 'The permits were read: their distinct vehicles, newest first.',
          actions: assign({ vehicles: ({ event }) => event.output }),
        },
        onError: {
          target: 'unavailable',
          description: 'The list could not be read: the form goes on without shortcuts.',
        },
      },
    },
    loaded: { description: 'The recent vehicles are shown as shortcuts.', type: 'final' },
    unavailable: { description: 'No shortcuts are shown.', type: 'final' },
  },
});
