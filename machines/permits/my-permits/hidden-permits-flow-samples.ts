import type { AnyEventObject } from 'xstate';
import { defaultPermitListFilters, type PermitListFilters } from './permit-list-filters';

/** My Permits' default filters on 1 June 2026: every status, created that day. */
export const todaysFilters: PermitListFilters = defaultPermitListFilters(
  () => new Date('2026-06-01T11:00:00Z'),
);

/** The same filters with both dates cleared ("Show all dates"). */
export const everyDateFilters: PermitListFilters = { ...todaysFilters, startDate: '', endDate: '' };

/** What QA's paths send the hidden-permits machine. */
export const hiddenPermitsEventSamples: AnyEventObject[] = [
  { type: 'CHECK', filters: todaysFilters },
  { type: 'CHECK', filters: everyDateFilters },
  { type: 'xstate.done.actor.countPermits', output: 3 },
  { type: 'xstate.error.actor.countPermits', error: { status: 500 } },
];
