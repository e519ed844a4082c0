import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fromListSearchParams } from '../../../../machines/permits/my-permits/permit-list-filters';
import {
  permitListMachine,
  type PublishQueryParams,
} from '../../../../machines/permits/my-permits/permit-list-machine';
import type { SavedPermitList } from '../../../../machines/permits/my-permits/saved-permit-list';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { useSignedInUid } from '../../../shell/session-hooks';
import { savedPermitLists } from '../../../shell/saved-permit-lists';
import { permitListActors } from './permit-list-actors';

/** What the page was navigated with: `{ refresh: true }` after a permit was added. */
function asksForRefresh(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'refresh' in state && state.refresh === true
  );
}

/**
 * Binds the permit-list machine to the browser: the URL query holds the filters and page
 * (`publishQuery` writes it, a URL change from Back or a link is read back as QUERY.CHANGED), the
 * refresh flag of the navigation asks for a REFRESH, a hidden page stops self-refreshing, the
 * browser's online and offline events tell the list about the connection, and each page loaded is
 * kept on the device for the signed-in resident (`savedPermitLists`, under their uid).
 */
export function usePermitList() {
  const location = useLocation();
  const navigate = useNavigate();
  const clock = useClock();
  const uid = useSignedInUid();
  const permitList = useAppActor('permitList', permitListMachine, permitListActors, {
    actions: {
      // Only the query changes, so the navigate of the first render (whose path it resolves
      // against) stays right for as long as the screen is shown.
      publishQuery: (_, { query, replace }: PublishQueryParams) =>
        void navigate({ search: query === '' ? '' : `?${query}` }, { replace }),
      savePermits: (_, saved: SavedPermitList) => {
        if (uid !== null) savedPermitLists.save(uid, saved);
      },
    },
    input: {
      filters: fromListSearchParams(new URLSearchParams(location.search), clock),
      clock,
      visible: !document.hidden,
      online: navigator.onLine,
      saved: uid === null ? null : savedPermitLists.read(uid),
    },
  });

  useEffect(() => {
    permitList.send({ type: 'QUERY.CHANGED', query: location.search.replace(/^\?/, '') });
  }, [permitList, location.search]);

  const refreshRequested = asksForRefresh(location.state);
  useEffect(() => {
    if (!refreshRequested) return;
    // The first fetch starts when the page opens, after the change that asked for the refresh:
    // only a list that had already answered is stale.
    if (permitList.getSnapshot().context.hasFetched) permitList.send({ type: 'REFRESH' });
    // Cleared so that a reload of the page does not count as a second request.
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: null },
    );
  }, [permitList, refreshRequested, navigate, location.pathname, location.search]);

  useEffect(() => {
    const noteVisibility = () =>
      permitList.send({ type: document.hidden ? 'VISIBILITY.HIDDEN' : 'VISIBILITY.VISIBLE' });
    document.addEventListener('visibilitychange', noteVisibility);
    return () => document.removeEventListener('visibilitychange', noteVisibility);
  }, [permitList]);

  useEffect(() => {
    const connectionLost = () => permitList.send({ type: 'CONNECTION.LOST' });
    const connectionBack = () => permitList.send({ type: 'CONNECTION.BACK' });
    window.addEventListener('offline', connectionLost);
    window.addEventListener('online', connectionBack);
    return () => {
      window.removeEventListener('offline', connectionLost);
      window.removeEventListener('online', connectionBack);
    };
  }, [permitList]);

  return permitList;
}

export type PermitListActor = ReturnType<typeof usePermitList>;

/**
 * The list's state as the screen shows it, each part through its own narrow selector; the same
 * object until one of the parts changes, so that the screen can hold it back (useDeferredValue).
 */
export function usePermitListView(permitList: PermitListActor) {
  const filters = useSelector(permitList, (snapshot) => snapshot.context.filters);
  const permits = useSelector(permitList, (snapshot) => snapshot.context.permits);
  const count = useSelector(permitList, (snapshot) => snapshot.context.count);
  const permitsPage = useSelector(permitList, (snapshot) => snapshot.context.permitsPage);
  const hasFetched = useSelector(permitList, (snapshot) => snapshot.context.hasFetched);
  const lastFetchFailed = useSelector(permitList, (snapshot) => snapshot.context.lastFetchFailed);
  const loading = useSelector(permitList, (snapshot) => snapshot.matches('loading'));
  const online = useSelector(permitList, (snapshot) => snapshot.context.online);
  const shownAsOf = useSelector(permitList, (snapshot) => snapshot.context.shownAsOf);
  return useMemo(
    () => ({
      filters,
      permits,
      count,
      permitsPage,
      hasFetched,
      lastFetchFailed,
      loading,
      online,
      shownAsOf,
    }),
    [filters, permits, count, permitsPage, hasFetched, lastFetchFailed, loading, online, shownAsOf],
  );
}

export type PermitListView = ReturnType<typeof usePermitListView>;
