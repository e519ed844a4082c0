import { useSelector } from '@xstate/react';
import type { Profile } from '../../../contract/auth';
import type { PermitCapInfo } from '../../../contract/permit';
import { dashboardMachine } from '../../../machines/dashboard/dashboard-machine';
import { useAppActor } from '../../shell/app-machines';
import { useProfile } from '../../shell/session-hooks';
import { dashboardActors } from '../../shared/dashboard-actors';

/** What the dashboard shows; each figure is null when it could not be had. */
export type DashboardData =
  | { loading: true; profile: Profile | null }
  | {
      loading: false;
      profile: Profile | null;
      capInfo: PermitCapInfo | null;
      queuedCount: number | null;
    };

/**
 * The dashboard's figures from its machine. A failed profile falls back to the session's (see
 * docs/contract.md §7), which also fills the greeting while the fetch is under way.
 */
export function useDashboardData(): DashboardData {
  const sessionProfile = useProfile();
  const dashboard = useAppActor('dashboard', dashboardMachine, dashboardActors);
  const figures = useSelector(dashboard, (snapshot) => snapshot.context.figures);
  if (figures === null) return { loading: true, profile: sessionProfile };
  return { loading: false, ...figures, profile: figures.profile ?? sessionProfile };
}
