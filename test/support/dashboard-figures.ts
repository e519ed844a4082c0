import { fromPromise } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard-machine';
import type { DashboardFigures } from '../../machines/dashboard/gather-dashboard-figures';

/**
 * The dashboard's machine answering with `figures` (profile and cap info; no queued count), for
 * screens that read the resident's allowance from it without an API host behind them.
 */
export function dashboardFiguresOf(figures: Omit<DashboardFigures, 'queuedCount'>) {
  return dashboardMachine.provide({
    actors: {
      loadFigures: fromPromise<DashboardFigures, void>(async () => ({
        ...figures,
        queuedCount: null,
      })),
    },
  });
}
