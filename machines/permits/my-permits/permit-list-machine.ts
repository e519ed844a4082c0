import { assign, fromPromise, not, setup } from 'xstate';
import type { ConnectionEvent } from '../../connection-events';
import { missingImplementation } from '../../missing-implementation';
import { systemClock, type Clock } from '../../clock';
import {
  defaultPermitListFilters,
  fromListSearchParams,
  isSameFilters,
  toListSearchParams,
  toSavedListQuery,
  toPermitListRequest,
  withFilterChanges,
  withPage,
  withSearch,
  type PermitListFilterChanges,
  type PermitListFilters,
} from './permit-list-filters';
import { hasPendingPermit } from '../rules/permit-status-table';
import type { Permit, PermitListRequest } from '../../../contract/permit';
import type { ListAnswer } from '../rules/read-permit-list-body';
import type { SavedPermitList } from './saved-permit-list';
import { permitListsEqual } from './permit-lists-equal';

export interface PermitListInput {
  /** The filters the URL query names (`fromListSearchParams`); the defaults when left out. */
  filters?: PermitListFilters;
  clock?: Clock;
  /** Whether the page is visible when the list starts (`!document.hidden`); true when left out. */
  visible?: boolean;
  /** Whether the browser says it is online when the list starts (`navigator.onLine`); true when left out. */
  online?: boolean;
  /** The list this resident loaded last on this device: shown at once when it answers the same filters. */
  saved?: SavedPermitList | null;
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
  /** The newest fetch failed; the screen stays calm (docs/contract.md §8) but the model knows. */
  lastFetchFailed: boolean;
  /** Whether the browser page is visible; a hidden page does not refresh itself. */
  visible: boolean;
  /** Whether the browser has a connection; offline, the rows shown stay and nothing can change them. */
  online: boolean;
  /** When the API host answered with the rows shown (an ISO instant); null before any answer. */
  shownAsOf: string | null;
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
  | ConnectionEvent
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
 * The My Permits list (docs/contract.md §2 "My Permits", §3, §4, §8 and §9): it loads the page
 * the filters name, then is ready. Every change of filters, search or page, a Reset, a REFRESH
 * and a new URL query fetch again; entering `loading` again stops the fetch still under way, so
 * an older answer never replaces a newer one. A failed fetch keeps the rows shown and sets
 * `lastFetchFailed`. While a row on a visible page is pending, the list refreshes itself after
 * `pendingRefresh`. Offline the rows shown stay, with the time they were loaded, and nothing refreshes
 * itself; when the connection comes back the list is fetched again. Each page the host answers is
 * handed to `savePermits`, and a saved page for the same filters is shown at once on start, so a
 * reload without signal still shows the list. The app provides `fetchPermits`, `publishQuery`
 * (which writes the filters into the URL) and `savePermits` (which keeps the page on the device
 * for the signed-in resident only).
 */
export const permitListMachine = setup({
  types: {
    context: {} as PermitListContext,
    events: {} as PermitListEvent,
    input: {} as PermitListInput | undefined,
  },
  actors: {
    fetchPermits: fromPromise<ListAnswer, PermitListRequest>(async () =>
      missingImplementation('permitList', 'actor', 'fetchPermits'),
    ),
  },
  actions: {
    useRequestedFilters: assign(({ context, event }) => ({
      filters: requestedFilters(context, event),
    })),
    showPermits: assign(
      ({ context }, params: { permits: Permit[]; count: number; page: number }) => ({
        // The same rows again (a self-refresh with nothing changed) keep the list they replace.
        permits: permitListsEqual(context.permits, params.permits)
          ? context.permits
          : params.permits,
        count: params.count,
        permitsPage: params.page,
        hasFetched: true,
        lastFetchFailed: false,
        shownAsOf: context.clock().toISOString(),
      }),
    ),
    // docs/contract.md §8: a list failure is swallowed; the rows already shown stay.
    noteFetchFailed: assign({ hasFetched: true, lastFetchFailed: true }),
    goToFirstPage: assign(({ context }) => ({ filters: { ...context.filters, page: 1 } })),
    noteVisible: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    noteOnline: assign((_, params: { online: boolean }) => ({ online: params.online })),
    publishQuery: (_, _params: PublishQueryParams) =>
      missingImplementation('permitList', 'action', 'publishQuery'),
    savePermits: (_, _params: SavedPermitList) =>
      missingImplementation('permitList', 'action', 'savePermits'),
  },
  guards: {
    asksForNewFilters: ({ context, event }) =>
      !isSameFilters(context.filters, requestedFilters(context, event)),
    isPageGone: (_, params: { answer: ListAnswer }) => params.answer.kind === 'pageGone',
    noStatusChosen: ({ context }) => context.filters.statuses.length === 0,
    // A hidden page is not looked at, so refreshing it would only load the server; offline, a
    // refresh could only fail.
    hasPendingOnVisiblePage: ({ context }) =>
      context.visible && context.online && hasPendingPermit(context.permits),
  },
  delays: {
    pendingRefresh: 4000,
  },
}).createMachine({
  id: 'permitList',
  description: "My Permits' list: its filters, its pages, and keeping pending rows up to date.",
  context: ({ input }) => {
    const clock = input?.clock ?? systemClock;
    const filters = input?.filters ?? defaultPermitListFilters(clock);
    const saved = input?.saved;
    const savedForFilters =
      saved && saved.query === toSavedListQuery(filters, clock) ? saved : null;
    return {
      filters,
      permits: savedForFilters?.permits ?? [],
      count: savedForFilters?.count ?? 0,
      permitsPage: savedForFilters?.page ?? 1,
      hasFetched: savedForFilters !== null,
      lastFetchFailed: false,
      visible: input?.visible ?? true,
      online: input?.online ?? true,
      shownAsOf: savedForFilters?.loadedAt ?? null,
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
      guard: 'asksForNewFilters',
      target: '.loading',
      description: 'The resident changes the status or date filters: page 1 of the new filters.',
      actions: ['useRequestedFilters', { type: 'publishQuery', params: publishingChange }],
    },
    SEARCH: {
      guard: 'asksForNewFilters',
      target: '.loading',
      description: 'The resident searches: page 1 of the matches.',
      actions: ['useRequestedFilters', { type: 'publishQuery', params: publishingChange }],
    },
    RESET: {
      guard: 'asksForNewFilters',
      target: '.loading',
      description: 'The resident presses Reset: the default filters (created today), page 1.',
      actions: ['useRequestedFilters', { type: 'publishQuery', params: publishingChange }],
    },
    // Pages exist only up to the newest answer's count: Next on the last page does nothing.
    'PAGE.GO': {
      guard: 'asksForNewFilters',
      target: '.loading',
      description: 'The resident moves to another page of the same filters.',
      actions: ['useRequestedFilters', { type: 'publishQuery', params: publishingChange }],
    },
    // The app's own publishQuery comes back as a URL change too: it names the filters already
    // shown, and must not start the fetch again.
    'QUERY.CHANGED': {
      guard: 'asksForNewFilters',
      target: '.loading',
      description: 'The URL names other filters (Back, Forward or a link): the list follows it.',
      actions: 'useRequestedFilters',
    },
    // Sent after a dialog changed a permit, or when the screen is reached with the refresh flag;
    // a fetch under way may have started before the change, so it starts again.
    REFRESH: {
      target: '.loading',
      description: 'A dialog changed a permit, or the page was reached with the refresh flag.',
    },
    'VISIBILITY.HIDDEN': {
      description: 'The tab is hidden: the list stops refreshing itself.',
      actions: { type: 'noteVisible', params: { visible: false } },
    },
    'VISIBILITY.VISIBLE': {
      description: 'The tab is shown again: pending rows are refreshed again.',
      actions: { type: 'noteVisible', params: { visible: true } },
    },
    // The fetch under way, if any, goes on: a connection that is only slow may still answer.
    'CONNECTION.LOST': {
      description: 'The browser went offline: the rows shown stay, and nothing refreshes itself.',
      actions: { type: 'noteOnline', params: { online: false } },
    },
    'CONNECTION.BACK': {
      target: '.loading',
      description: 'The browser is online again: the list is fetched again.',
      actions: { type: 'noteOnline', params: { online: true } },
    },
  },
  states: {
    loading: {
      description: 'The page the filters name is being fetched; the rows already shown stay.',
      // With every status deselected nothing can match; the API would read no status as any.
      always: {
        guard: 'noStatusChosen',
        target: 'ready',
        description: 'No status is chosen: no permits, without asking the API host.',
        actions: {
          type: 'showPermits',
          params: ({ context }) => ({ permits: [], count: 0, page: context.filters.page }),
        },
      },
      invoke: {
        id: 'fetchPermits',
        src: 'fetchPermits',
        input: ({ context }) => toPermitListRequest(context.filters),
        onDone: [
          {
            guard: { type: 'isPageGone', params: ({ event }) => ({ answer: event.output }) },
            target: 'loading',
            reenter: true,
            description:
              'The page no longer exists: page 1 instead, in place of this history entry.',
            actions: [
              'goToFirstPage',
              { type: 'publishQuery', params: ({ context }) => publishing(context, true) },
            ],
          },
          {
            target: 'ready',
            description: 'The page answered: its rows are shown, and kept on the device.',
            actions: [
              {
                type: 'showPermits',
                params: ({ context, event }) => ({
                  permits: event.output.kind === 'listed' ? event.output.permits : [],
                  count: event.output.kind === 'listed' ? event.output.count : 0,
                  page: context.filters.page,
                }),
              },
              { type: 'savePermits', params: ({ context }) => savedList(context) },
            ],
          },
        ],
        // A list failure is swallowed: the rows already shown stay (docs/contract.md §8).
        onError: {
          target: 'ready',
          description:
            'The fetch failed: the rows stay, with a quiet "could not be brought up to date".',
          actions: 'noteFetchFailed',
        },
      },
    },
    ready: {
      description: 'The rows of the newest answer are shown.',
      initial: 'idle',
      states: {
        // Nothing on the page is pending, or the page is hidden: the list waits for the resident.
        idle: {
          description: 'The list waits for the resident.',
          always: {
            guard: 'hasPendingOnVisiblePage',
            target: 'polling',
            description: 'A shown row is pending and the tab is visible.',
          },
        },
        // A pending row settles in the background (QUEUED becomes ACTIVE, say): look again soon.
        polling: {
          description: 'A pending row is shown: the list looks again after `pendingRefresh`.',
          always: {
            guard: not('hasPendingOnVisiblePage'),
            target: 'idle',
            description: 'No shown row is pending any more, or the tab was hidden.',
          },
          after: {
            pendingRefresh: {
              target: '#permitList.loading',
              description: 'Four seconds passed with a pending row shown: fetch the page again.',
            },
          },
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

/** The rows shown, as `savePermits` keeps them. */
function savedList(context: PermitListContext): SavedPermitList {
  return {
    query: toSavedListQuery(context.filters, context.clock),
    permits: context.permits,
    count: context.count,
    page: context.permitsPage,
    loadedAt: context.shownAsOf ?? context.clock().toISOString(),
  };
}

/** A change the resident made: it goes into the URL as a new history entry. */
function publishingChange({ context }: { context: PermitListContext }): PublishQueryParams {
  return publishing(context, false);
}

/** The filters an event asks for; the current ones for an event that asks for none. */
export function requestedFilters(
  context: PermitListContext,
  event: PermitListEvent,
): PermitListFilters {
  switch (event.type) {
    case 'FILTERS.CHANGE':
      return withFilterChanges(context.filters, event.changes);
    case 'SEARCH':
      return withSearch(context.filters, event.search);
    case 'RESET':
      return defaultPermitListFilters(context.clock);
    case 'PAGE.GO':
      return withPage(context.filters, event.page, context.count);
    case 'QUERY.CHANGED':
      return fromListSearchParams(new URLSearchParams(event.query), context.clock);
    default:
      return context.filters;
  }
}
