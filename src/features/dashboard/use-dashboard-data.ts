import { useEffect, useState } from 'react';
import type { Profile } from '../../../contract/auth';
import type { PermitCapInfo } from '../../../contract/permit';
import { readPermitListBody } from '../../../machines/permits/read-permit-list-body';
import { getProfile } from '../../api/auth-api';
import { getPermitCapInfo, listPermits } from '../../api/permits-api';
import { useProfile } from '../../shell/session-hooks';

/** Where the dashboard's figures come from; tests hand in their own. */
export interface DashboardLoaders {
  loadProfile: () => Promise<Profile>;
  loadCapInfo: () => Promise<PermitCapInfo>;
  loadQueuedCount: () => Promise<number>;
}

async function loadQueuedCount(): Promise<number> {
  const body = await listPermits({
    status: ['QUEUED'],
    start_date: '',
    end_date: '',
    search: '',
    page: 1,
  });
  const answer = readPermitListBody(body, 1);
  if (answer.kind !== 'listed') throw new Error('The permit list answered with an error');
  return answer.count;
}

const liveLoaders: DashboardLoaders = {
  loadProfile: getProfile,
  loadCapInfo: getPermitCapInfo,
  loadQueuedCount,
};

/** What the dashboard shows; each figure is null when it could not be had. */
export type DashboardData =
  | { loading: true; profile: Profile | null }
  | {
      loading: false;
      profile: Profile | null;
      capInfo: PermitCapInfo | null;
      queuedCount: number | null;
    };

interface Fetched {
  profile: Profile | null;
  capInfo: PermitCapInfo | null;
  queuedCount: number | null;
}

function settledValue<T>(result: PromiseSettledResult<T>, what: string): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.warn(`The dashboard could not load ${what}`, result.reason);
  return null;
}

/**
 * The profile, the cap info and the number of queued permits, fetched together (spec section 7).
 * One failing does not hide the others; a failed profile falls back to the session's (spec
 * section 7, "falls back to the context profile on failure"), which also fills the greeting while
 * the fetch is under way.
 */
export function useDashboardData(loaders: DashboardLoaders = liveLoaders): DashboardData {
  const sessionProfile = useProfile();
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    let current = true;
    void Promise.allSettled([
      loaders.loadProfile(),
      loaders.loadCapInfo(),
      loaders.loadQueuedCount(),
    ]).then(([profile, capInfo, queuedCount]) => {
      if (!current) return;
      setFetched({
        profile: settledValue(profile, 'the profile'),
        capInfo: settledValue(capInfo, 'the permit cap info'),
        queuedCount: settledValue(queuedCount, 'the queued permits'),
      });
    });
    return () => {
      current = false;
    };
  }, [loaders]);

  if (fetched === null) return { loading: true, profile: sessionProfile };
  return { loading: false, ...fetched, profile: fetched.profile ?? sessionProfile };
}
