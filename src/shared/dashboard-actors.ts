import { fromPromise } from 'xstate';
import type { dashboardMachine } from '../../machines/dashboard/dashboard-machine';
import { gatherDashboardFigures } from '../../machines/dashboard/gather-dashboard-figures';
import { authApi, permitsApi } from '../api/api-modules';
import type { ImplementationsOf } from '../shell/app-machines';
import { firstListPage } from './permit-list-reads';

declare module '../shell/app-machines' {
  interface AppMachines {
    dashboard: typeof dashboardMachine;
  }
}

/**
 * The resident's allowance figures as the running app loads them: the dashboard shows them, and
 * Add Permit's allowance notice reads the same machine, so they live outside both features.
 */
export const dashboardActors: ImplementationsOf<typeof dashboardMachine> = {
  actors: {
    loadFigures: fromPromise(async () => {
      const [{ getProfile }, { getPermitCapInfo }] = await Promise.all([authApi(), permitsApi()]);
      return gatherDashboardFigures({
        fetchProfile: getProfile,
        fetchCapInfo: getPermitCapInfo,
        // How many permits wait in the provider's queue: the count of a QUEUED-only list query.
        countQueuedPermits: async () => (await firstListPage(['QUEUED'])).count,
      });
    }),
  },
};
