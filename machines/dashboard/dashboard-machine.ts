import { assign, fromPromise, setup } from 'xstate';
import type { DashboardFigures } from './gather-dashboard-figures';
import { notProvided } from '../not-provided';

const noFigures: DashboardFigures = { profile: null, capInfo: null, queuedCount: null };

export interface DashboardContext {
  /** Null while the figures are on their way. */
  figures: DashboardFigures | null;
}

/**
 * The dashboard's figures: the profile, the cap info and the number of queued permits, fetched
 * together by `loadFigures` (each settled on its own, see `gatherDashboardFigures`). The screen falls back
 * to the session's profile when the dashboard's own fetch of it failed.
 */
export const dashboardMachine = setup({
  types: { context: {} as DashboardContext },
  actors: {
    loadFigures: fromPromise<DashboardFigures, void>(async () =>
      notProvided('dashboard', 'actor', 'loadFigures'),
    ),
  },
  actions: {
    showFigures: assign((_, params: { figures: DashboardFigures }) => ({
      figures: params.figures,
    })),
  },
}).createMachine({
  id: 'dashboard',
  context: { figures: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The three figures are fetched at once; the dashboard shows skeletons.',
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        onDone: {
          target: 'ready',
          description: 'Every figure has settled: the dashboard shows what came.',
          actions: { type: 'showFigures', params: ({ event }) => ({ figures: event.output }) },
        },
        // Each call settles on its own, so only a wiring fault lands here: show no figures
        // rather than skeletons for ever.
        onError: {
          target: 'ready',
          description: 'The figures could not be gathered: the dashboard shows none of them.',
          actions: { type: 'showFigures', params: { figures: noFigures } },
        },
      },
    },
    ready: { type: 'final', description: 'The dashboard shows its figures.' },
  },
});
