// The web app's own requests, built by the app's own code (machines/permits/ and src/api/), so
// the council bench (benchmark-council.ts) cannot drift from what residents' browsers send.
import { DateTime } from 'luxon';
import type { Clock } from '../../machines/clock';
import { toDateTimeLocal } from '../../machines/permits/rules/london-time';
import type { PermitFormValues } from '../../machines/permits/permit-form/permit-form-values';
import {
  defaultPermitListFilters,
  toPermitListRequest,
  withFilterChanges,
  withSearch,
  type PermitListFilters,
} from '../../machines/permits/my-permits/permit-list-filters';
import { toPermitCreatePayload } from '../../machines/permits/add-permit/to-permit-create-payload';
import { apiPaths } from '../../src/api/api-paths';
import { permitListParams } from '../../src/api/permit-list-params';
import type { PermitCreatePayload } from '../../contract/permit';
import type { SiteSettings } from '../../contract/site-settings';

/** GET /api/v1/permits/ for these filters, as src/api/permits-api.ts's listPermits sends it. */
export function permitListPath(filters: PermitListFilters): string {
  return `${apiPaths.permits}?${permitListParams(toPermitListRequest(filters)).toString()}`;
}

/** My Permits as it first loads: all twelve statuses, today in London, page 1. */
export function myPermitsDefaultPath(clock?: Clock): string {
  return permitListPath(defaultPermitListFilters(clock));
}

/** The filters after "Show all dates" (my-permits-screen.tsx clears both dates). */
export function allDatesFilters(clock?: Clock): PermitListFilters {
  return withFilterChanges(defaultPermitListFilters(clock), { startDate: '', endDate: '' });
}

/** A search typed after "Show all dates", as a resident looks for an older permit. */
export function searchPath(term: string, clock?: Clock): string {
  return permitListPath(withSearch(allDatesFilters(clock), term));
}

/** A later page of every permit (all dates), as the pagination's page links ask for it. */
export function allDatesPagePath(page: number, clock?: Clock): string {
  return permitListPath({ ...allDatesFilters(clock), page });
}

/** The dashboard's two reads: the profile (held permits, limit) and the cap information. */
export const dashboardPaths = [apiPaths.profile, apiPaths.permitCapInfo] as const;

/** POST /api/v1/permits/{id}/cancel/ */
export function cancelPath(id: number): string {
  return apiPaths.permitAction(id, 'cancel');
}

/**
 * The body Add Permit sends for a permit scheduled `daysAhead` days from now at 10:00 London time
 * for two hours, for vehicle `vrm`: the form's values through the app's toPermitCreatePayload.
 */
export function scheduledCreatePayload(
  vrm: string,
  settings: SiteSettings,
  now: Date,
  daysAhead = 1,
): PermitCreatePayload {
  const start = DateTime.fromJSDate(now, { zone: 'Europe/London' })
    .plus({ days: daysAhead })
    .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
  const values: PermitFormValues = {
    reference_label: '',
    vrm,
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    driver_first: 'Council',
    driver_last: 'Bench',
    start: toDateTimeLocal(start),
    end: toDateTimeLocal(start.plus({ hours: 2 })),
    indefinite: false,
    schedule: true,
    acknowledged: true,
    vrm_confirmed: false,
    repeat_weekly: false,
    weeks: '',
  };
  return toPermitCreatePayload(values, settings, now);
}
