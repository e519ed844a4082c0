import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fromListSearchParams } from '../../../../machines/permits/my-permits/permit-list-filters';
import {
  permitListMachine,
  type PublishQueryParams,
} from '../../../../machines/permits/my-permits/permit-list-machine';
import type { SavedPermitList } from '../../../../machines/permits/my-permits/saved-permit-list';
import { useAppActor, useClock } from '../../../shell/app-machines';
import { useConnectionEvents } from '../../../shared/use-connection-events';
import { useSignedInUid } from '../../../shell/session-hooks';
import { savedPermitLists } from '../../../shell/saved-permit-lists';
import { permitListActors } from './permit-list-actors';

/** What the page was navigated with: `{ refresh: true }` after a permit was added. */
function asksForRefresh(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'refresh' in state && state.refresh === true
  );
}

/** Whether `saved` lists what `last` listed: the same rows (kept as the same array), page, query. */
function listsTheSame(last: SavedPermitList | null, saved: SavedPermitList): boolean {
  return (
    last !== null &&
    last.permits === saved.permits &&
    last.count === saved.count &&
    last.page === saved.page &&
    last.query === saved.query
  );
}

/**
 * Binds the permit-list machine to the browser. The machine owns the list's query: it writes the
 * filters and page into the URL (`publishQuery`), and only a URL change it did not write (Back, a
 * link) is read back as QUERY.CHANGED. The refresh flag of the navigation asks for a REFRESH, a
 * hidden page stops self-refreshing, the browser's online and offline events tell the list about
 * the connection, and each page loaded is kept on the device for the signed-in resident
 * (`savedPermitLists`, under their uid) when it lists something new.
 */
export function usePermitList() {
  const location = useLocation();
  const navigate = useNavigate();
  const clock = useClock();
  const uid = useSignedInUid();
  // The query the machine shows that the URL already holds: the one the screen opened with (the
  // machine read its filters from it), then each one the machine writes.
  const published = useRef<string | null>(location.search.replace(/^\?/, ''));
  const lastSaved = useRef<SavedPermitList | null>(null);
  const permitList = useAppActor('permitList', permitListMachine, permitListActors, {
    actions: {
      // Only the query changes, so the navigate of the first render (whose path it resolves
      // against) stays right for as long as the screen is shown.
      publishQuery: (_, { query, replace }: PublishQueryParams) => {
        published.current = query;
        void navigate({ search: query === '' ? '' : `?${query}` }, { replace });
      },
      // A self-refresh that brings the rows already shown keeps them as the same array
      // (machines/permits/my-permits/permit-list-machine.ts), and storage is not written again.
      savePermits: (_, saved: SavedPermitList) => {
        if (uid === null || listsTheSame(lastSaved.current, saved)) return;
        lastSaved.current = saved;
        savedPermitLists.save(uid, saved);
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
    const query = location.search.replace(/^\?/, '');
    // The machine's own query, arriving in the URL: it already shows it.
    if (query === published.current) return;
    published.current = null;
    permitList.send({ type: 'QUERY.CHANGED', query });
  }, [permitList, location.search]);

  const refreshRequested = asksForRefresh(location.state);
  useEffect(() => {
    if (!refreshRequested) return;
    // The first fetch starts when the page opens, after the change that asked for the refresh:
    // only a list that is not fetching now is stale (a list saved on the device is shown while
    // that first fetch runs, and needs no second one).
    if (permitList.getSnapshot().matches('ready')) permitList.send({ type: 'REFRESH' });
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

  useConnectionEvents(permitList);

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
