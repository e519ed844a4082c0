import { assign, fromPromise, not, setup } from 'xstate';
import { toHttpFailure } from '../http-failure';
import { notProvided } from '../not-provided';
import { systemClock, type Clock } from '../clock';
import {
  defaultPermitListFilters,
  fromListSearchParams,
  isSameFilters,
  toListSearchParams,
  toPermitListRequest,
  withFilterChanges,
  withPage,
  withSearch,
  type PermitListFilterChanges,
  type PermitListFilters,
} from './permit-list-filters';
import { hasPendingPermit } from './permit-status-table';
import type { Permit, PermitListBody, PermitListRequest } from '../../contract/permit';
import { readPermitListBody, type ListOutcome } from './read-permit-list-body';

export interface PermitListInput {
  /** The filters the URL query names (`fromListSearchParams`); the defaults when left out. */
  filters?: PermitListFilters;
  clock?: Clock;
  /** Whether the page is visible when the list starts (`!document.hidden`); true when left out. */
  visible?: boolean;
}

export interface PermitListContext {
  /** What the list is filtered by and the page asked for; the URL query mirrors it. */
  filters: PermitListFilters;
  /** The rows shown: the newest answer's page, kept when a later fetch fails. */
  permits: Permit[];
  /** How many permits match in all, from the same answer as `permits`. */
  count: number;
  /** The page `permits` and `count` belong to (`filters.page` may already ask for another). */
  permitsPage: number;
  /** False until the first answer (or failure): the screen shows a spinner instead of rows. */
  hasFetched: boolean;
  /** The newest fetch failed; the screen stays calm (spec section 8) but the model knows. */
  lastFetchFailed: boolean;
  /** Whether the browser page is visible; a hidden page does not refresh itself. */
  visible: boolean;
  clock: Clock;
}

export type PermitListEvent =
  | { type: 'FILTERS.CHANGE'; changes: PermitListFilterChanges }
  | { type: 'SEARCH'; search: string }
  | { type: 'RESET' }
  | { type: 'PAGE.GO'; page: number }
  | { type: 'REFRESH' }
  | { type: 'VISIBILITY.HIDDEN' }
  | { type: 'VISIBILITY.VISIBLE' }
  | { type: 'QUERY.CHANGED'; query: string };

/** What the machine asks the app to write into the URL when the filters or page change. */
export interface PublishQueryParams {
  filters: PermitListFilters;
  /** `toListSearchParams(filters)` as a string without '?', e.g. 'search=ford&page=2'. */
  query: string;
  /** True when the machine corrected the page itself: replace the history entry, do not push. */
  replace: boolean;
}

/**
 * The server answers 404 for a page past the last one: a shared link to a page that no longer
 * exists, or a last page emptied by a cancel under a status filter.
 */
function readListFailure(error: unknown, page: number): ListOutcome {
  return toHttpFailure(error).status === 404 && page > 1
    ? { kind: 'pageGone' }
    : { kind: 'failed' };
}

/**
 * The My Permits list (spec section 2 "My Permits", sections 3, 4, 8 and 9): it loads the page
 * the filters name, then is ready. Every change of filters, search or page, a Reset, a REFRESH
 * and a new URL query fetch again; entering `loading` again stops the fetch still under way, so
 * an older answer never replaces a newer one. A failed fetch keeps the rows shown and sets
 * `lastFetchFailed`. While a row on a visible page is pending, the list refreshes itself after
 * `pendingRefresh`. The app provides `fetchPermits` and `publishQuery` (which writes the filters
 * into the URL).
 */
export const permitListMachine = setup({
  types: {
    context: {} as PermitListContext,
    events: {} as PermitListEvent,
    input: {} as PermitListInput | undefined,
  },
  actors: {
    fetchPermits: fromPromise<PermitListBody, PermitListRequest>(async () =>
      notProvided('permitList', 'actor', 'fetchPermits'),
    ),
  },
  actions: {
    useFilters: assign((_, params: { filters: PermitListFilters }) => ({
      filters: params.filters,
    })),
    showPermits: assign((_, params: { outcome: ListOutcome; page: number }) =>
      params.outcome.kind === 'listed'
        ? {
            permits: params.outcome.permits,
            count: params.outcome.count,
            permitsPage: params.page,
            hasFetched: true,
            lastFetchFailed: false,
          }
        : {},
    ),
    // Spec section 8: a list failure is swallowed; the rows already shown stay.
    noteFetchFailed: assign({ hasFetched: true, lastFetchFailed: true }),
    goToFirstPage: assign(({ context }) => ({ filters: { ...context.filters, page: 1 } })),
    noteVisible: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    publishQuery: (_, _params: PublishQueryParams) =>
      notProvided('permitList', 'action', 'publishQuery'),
  },
  guards: {
    isNewFilters: ({ context }, params: { filters: PermitListFilters }) =>
      !isSameFilters(context.filters, params.filters),
    isOutcome: (_, params: { outcome: ListOutcome; kind: ListOutcome['kind'] }) =>
      params.outcome.kind === params.kind,
    noStatusChosen: ({ context }) => context.filters.statuses.length === 0,
    // A hidden page is not looked at, so refreshing it would only load the server.
    hasPendingOnVisiblePage: ({ context }) => context.visible && hasPendingPermit(context.permits),
  },
  delays: {
    pendingRefresh: 4000,
  },
}).createMachine({
  id: 'permitList',
  context: ({ input }) => {
    const clock = input?.clock ?? systemClock;
    return {
      filters: input?.filters ?? defaultPermitListFilters(clock),
      permits: [],
      count: 0,
      permitsPage: 1,
      hasFetched: false,
      lastFetchFailed: false,
      visible: input?.visible ?? true,
      clock,
    };
  },
  initial: 'loading',
  // A transition of the root into '.loading' exits whichever child is active, `loading` too, so a
  // fetch under way is stopped and its answer dropped. Every change that the resident makes is
  // published to the URL; one read from the URL is not, since the URL already holds it and
  // writing it again would add a history entry.
  on: {
    'FILTERS.CHANGE': {
      guard: {
        type: 'isNewFilters',
        params: ({ context, event }) => ({
          filters: withFilterChanges(context.filters, event.changes),
        }),
      },
      target: '.loading',
      actions: [
        {
          type: 'useFilters',
          params: ({ context, event }) => ({
            filters: withFilterChanges(context.filters, event.changes),
          }),
        },
        { type: 'publishQuery', params: ({ context }) => publishing(context, false) },
      ],
    },
    SEARCH: {
      guard: {
        type: 'isNewFilters',
        params: ({ context, event }) => ({ filters: withSearch(context.filters, event.search) }),
      },
      target: '.loading',
      actions: [
        {
          type: 'useFilters',
          params: ({ context, event }) => ({ filters: withSearch(context.filters, event.search) }),
        },
        { type: 'publishQuery', params: ({ context }) => publishing(context, false) },
      ],
    },
    RESET: {
      guard: {
        type: 'isNewFilters',
        params: ({ context }) => ({ filters: defaultPermitListFilters(context.clock) }),
      },
      target: '.loading',
      actions: [
        {
          type: 'useFilters',
          params: ({ context }) => ({ filters: defaultPermitListFilters(context.clock) }),
        },
        { type: 'publishQuery', params: ({ context }) => publishing(context, false) },
      ],
    },
    'PAGE.GO': {
      // Pages exist only up to the newest answer's count: Next on the last page does nothing.
      guard: {
        type: 'isNewFilters',
        params: ({ context, event }) => ({
          filters: withPage(context.filters, event.page, context.count),
        }),
      },
      target: '.loading',
      actions: [
        {
          type: 'useFilters',
          params: ({ context, event }) => ({
            filters: withPage(context.filters, event.page, context.count),
          }),
        },
        { type: 'publishQuery', params: ({ context }) => publishing(context, false) },
      ],
    },
    'QUERY.CHANGED': {
      // The app's own publishQuery comes back as a URL change too: it names the filters already
      // shown, and must not start the fetch again.
      guard: {
        type: 'isNewFilters',
        params: ({ context, event }) => ({ filters: fromQuery(event.query, context.clock) }),
      },
      target: '.loading',
      actions: {
        type: 'useFilters',
        params: ({ context, event }) => ({ filters: fromQuery(event.query, context.clock) }),
      },
    },
    // Sent after a dialog changed a permit, or when the screen is reached with the refresh flag;
    // a fetch under way may have started before the change, so it starts again.
    REFRESH: { target: '.loading' },
    'VISIBILITY.HIDDEN': { actions: { type: 'noteVisible', params: { visible: false } } },
    'VISIBILITY.VISIBLE': { actions: { type: 'noteVisible', params: { visible: true } } },
  },
  states: {
    loading: {
      // With every status deselected nothing can match; the API would read no status as any.
      always: {
        guard: 'noStatusChosen',
        target: 'ready',
        actions: {
          type: 'showPermits',
          params: ({ context }) => ({
            outcome: { kind: 'listed', permits: [], count: 0 },
            page: context.filters.page,
          }),
        },
      },
      invoke: {
        id: 'fetchPermits',
        src: 'fetchPermits',
        input: ({ context }) => toPermitListRequest(context.filters),
        onDone: [
          {
            guard: {
              type: 'isOutcome',
              params: ({ context, event }) => ({
                outcome: readPermitListBody(event.output, context.filters.page),
                kind: 'listed',
              }),
            },
            target: 'ready',
            actions: {
              type: 'showPermits',
              params: ({ context, event }) => ({
                outcome: readPermitListBody(event.output, context.filters.page),
                page: context.filters.page,
              }),
            },
          },
          {
            guard: {
              type: 'isOutcome',
              params: ({ context, event }) => ({
                outcome: readPermitListBody(event.output, context.filters.page),
                kind: 'pageGone',
              }),
            },
            target: 'loading',
            reenter: true,
            actions: [
              'goToFirstPage',
              { type: 'publishQuery', params: ({ context }) => publishing(context, true) },
            ],
          },
          { target: 'ready', actions: 'noteFetchFailed' },
        ],
        onError: [
          {
            guard: {
              type: 'isOutcome',
              params: ({ context, event }) => ({
                outcome: readListFailure(event.error, context.filters.page),
                kind: 'pageGone',
              }),
            },
            target: 'loading',
            reenter: true,
            actions: [
              'goToFirstPage',
              { type: 'publishQuery', params: ({ context }) => publishing(context, true) },
            ],
          },
          { target: 'ready', actions: 'noteFetchFailed' },
        ],
      },
    },
    ready: {
      initial: 'idle',
      states: {
        // Nothing on the page is pending, or the page is hidden: the list waits for the resident.
        idle: {
          always: { guard: 'hasPendingOnVisiblePage', target: 'polling' },
        },
        // A pending row settles in the background (QUEUED becomes ACTIVE, say): look again soon.
        polling: {
          always: { guard: not('hasPendingOnVisiblePage'), target: 'idle' },
          after: { pendingRefresh: '#permitList.loading' },
        },
      },
    },
  },
});

function publishing(context: PermitListContext, replace: boolean): PublishQueryParams {
  return {
    filters: context.filters,
    query: toListSearchParams(context.filters, context.clock).toString(),
    replace,
  };
}

function fromQuery(query: string, clock: Clock): PermitListFilters {
  return fromListSearchParams(new URLSearchParams(query), clock);
}
