import type { DashboardFigures } from './gather-dashboard-figures';
import { createLoadOnceMachine } from '../load-once-machine';

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
export const dashboardMachine = createLoadOnceMachine({
  id: 'dashboard',
  description: "The dashboard's figures: the profile, the activation cap and the queued permits.",
  types: { context: {} as DashboardContext, loaded: {} as DashboardFigures },
  context: { figures: null },
  load: {
    actor: 'loadFigures',
    description: 'The three figures are fetched at once; the dashboard shows skeletons.',
  },
  done: {
    target: 'ready',
    description: 'Every figure has settled: the dashboard shows what came.',
    context: (figures) => ({ figures }),
  },
  // Each call settles on its own, so only a wiring fault lands here: show no figures rather than
  // skeletons for ever.
  failed: {
    target: 'ready',
    description: 'The figures could not be gathered: the dashboard shows none of them.',
    context: { figures: noFigures },
  },
  final: { ready: 'The dashboard shows its figures.' },
});
