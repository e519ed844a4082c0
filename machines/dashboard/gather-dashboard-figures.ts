import type { Profile } from '../../contract/auth';
import type { PermitCapInfo } from '../../contract/permit';

/** What the dashboard shows; each figure is null when its call failed. */
export interface DashboardFigures {
  profile: Profile | null;
  capInfo: PermitCapInfo | null;
  queuedCount: number | null;
}

/** The three calls behind the figures. */
export interface DashboardCalls {
  fetchProfile: () => Promise<Profile>;
  fetchCapInfo: () => Promise<PermitCapInfo>;
  countQueuedPermits: () => Promise<number>;
}

function settledFigure<T>(result: PromiseSettledResult<T>, what: string): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.warn(`The dashboard could not load ${what}`, result.reason);
  return null;
}

/**
 * Makes the three calls at once and settles each on its own: a failed one gives null (with a
 * warning in the console), so one failure does not hide the other figures.
 */
export async function gatherDashboardFigures(calls: DashboardCalls): Promise<DashboardFigures> {
  const [profile, capInfo, queuedCount] = await Promise.allSettled([
    calls.fetchProfile(),
    calls.fetchCapInfo(),
    calls.countQueuedPermits(),
  ]);
  return {
    profile: settledFigure(profile, 'the profile'),
    capInfo: settledFigure(capInfo, 'the permit cap info'),
    queuedCount: settledFigure(queuedCount, 'the queued permits'),
  };
}
