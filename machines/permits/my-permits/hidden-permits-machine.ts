import { assign, fromPromise, setup } from 'xstate';
import { missingImplementation } from '../../missing-implementation';
import { toPermitListRequest, type PermitListFilters } from './permit-list-filters';
import type { PermitListRequest } from '../../../contract/permit';

export interface HiddenPermitsContext {
  /** How many permits match the filters but for their dates; 0 until counted. */
  hidden: number;
}

export type HiddenPermitsEvent = { type: 'CHECK'; filters: PermitListFilters };

/** The list query that counts what the date filters hide: the same filters without the dates. */
export function withoutDates(filters: PermitListFilters): PermitListRequest {
  return toPermitListRequest({ ...filters, startDate: '', endDate: '', page: 1 });
}

/**
 * Whether My Permits' date filters hide permits the resident has
 * (test/machines/permits/my-permits/hidden-permits-machine.test.ts). CHECK is sent when the filtered list is
 * empty: with a date filter set, the app's `countPermits` asks the list endpoint for the same
 * filters without the dates and reads its `count`; without one nothing can be hidden by dates.
 * A failed count says nothing (the list's own failures are quiet too).
 */
export const hiddenPermitsMachine = setup({
  types: {
    context: {} as HiddenPermitsContext,
    events: {} as HiddenPermitsEvent,
  },
  actors: {
    countPermits: fromPromise<number, PermitListRequest>(async () =>
      missingImplementation('hiddenPermits', 'actor', 'countPermits'),
    ),
  },
  actions: {
    noteHidden: assign((_, params: { count: number }) => ({ hidden: params.count })),
    forgetHidden: assign({ hidden: 0 }),
  },
  guards: {
    filtersByDate: (_, params: { filters: PermitListFilters }) =>
      params.filters.startDate !== '' || params.filters.endDate !== '',
  },
}).createMachine({
  id: 'hiddenPermits',
  description: 'How many permits the date filter leaves out of an empty list.',
  context: { hidden: 0 },
  initial: 'unknown',
  on: {
    CHECK: [
      {
        guard: { type: 'filtersByDate', params: ({ event }) => ({ filters: event.filters }) },
        target: '.counting',
        reenter: true,
        description: 'The filtered list is empty and filters by date: count without the dates.',
        actions: 'forgetHidden',
      },
      {
        target: '.unknown',
        description: 'The filtered list is empty but no date filter is set: nothing is hidden.',
        actions: 'forgetHidden',
      },
    ],
  },
  states: {
    unknown: {
      description: 'Nothing is known to be hidden by the date filters; nothing is said.',
    },
    counting: {
      description: 'The list endpoint is asked how many permits match without the dates.',
      invoke: {
        id: 'countPermits',
        src: 'countPermits',
        input: ({ event }) => withoutDates((event as HiddenPermitsEvent).filters),
        onDone: {
          target: 'counted',
          description: 'The count answered: that many permits are on other dates.',
          actions: { type: 'noteHidden', params: ({ event }) => ({ count: event.output }) },
        },
        onError: {
          target: 'unknown',
          description: 'The count failed: nothing is said.',
        },
      },
    },
    counted: {
      description: 'The number of permits on other dates is known and shown when above 0.',
    },
  },
});
