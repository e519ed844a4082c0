import type { MessageDescriptor } from '@lingui/core';
import { systemClock, type Clock } from '../../clock';
import { pageCount, permitListPageSize } from '../rules/permit-list-pages';
import { memoiseByText } from '../../memoise-by-text';
import { inLondon, parseDateTimeLocal, toDateTimeLocal } from '../rules/london-time';
import { permitStatuses, type PermitStatus } from '../../../contract/permit-status';
import type { PermitListRequest } from '../../../contract/permit';

/** docs/contract.md §9: the list shows 20 permits a page (the server pages by the same number). */
/** Texts of the list screen the spec words (docs/contract.md §2, "My Permits"). */
export const permitListTexts = {
  emptyList: /*i18n*/ 'No permits found matching your criteria.',
  selectAll: /*i18n*/ 'Select All',
  deselectAll: /*i18n*/ 'Deselect All',
} as const;

/**
 * What the list is filtered by and which page it shows. Dates are `datetime-local` values,
 * 'yyyy-MM-ddTHH:mm' London wall time, filtering by creation date; '' means no bound.
 * `statuses` is kept in the order of the spec's status table.
 */
export interface PermitListFilters {
  statuses: PermitStatus[];
  startDate: string;
  endDate: string;
  search: string;
  page: number;
}

/** The filters a FILTERS.CHANGE event may change; search and page have their own events. */
export type PermitListFilterChanges = Partial<
  Pick<PermitListFilters, 'statuses' | 'startDate' | 'endDate'>
>;

/**
 * Today's default dates, for the London day of a minute since the epoch: the filters' defaults are
 * asked for at every render of My Permits, and reading the London day costs time-zone look-ups.
 * London's offsets are whole hours, so no day starts inside a minute.
 */
const londonDayFilters = memoiseByText((minute: string) => {
  const today = inLondon(new Date(Number(minute) * 60_000));
  return {
    startDate: toDateTimeLocal(today.startOf('day')),
    endDate: toDateTimeLocal(today.endOf('day').startOf('minute')),
  };
});

/**
 * docs/contract.md §9: all 12 statuses, today from 00:00 to 23:59 in London, no search, page 1.
 * "Today" is the London date of `clock()`; the end is read from the calendar day, so it is 23:59
 * on the days the clocks change too.
 */
export function defaultPermitListFilters(clock: Clock = systemClock): PermitListFilters {
  const { startDate, endDate } = londonDayFilters(String(Math.floor(clock().getTime() / 60_000)));
  return { statuses: [...permitStatuses], startDate, endDate, search: '', page: 1 };
}

/** The statuses given, without repeats, in the order of the status table. */
export function inTableOrder(statuses: readonly PermitStatus[]): PermitStatus[] {
  return permitStatuses.filter((status) => statuses.includes(status));
}

export function allStatusesSelected(statuses: readonly PermitStatus[]): boolean {
  return permitStatuses.every((status) => statuses.includes(status));
}

/** The status list after the "Select All" / "Deselect All" option is chosen. */
export function toggleAllStatuses(statuses: readonly PermitStatus[]): PermitStatus[] {
  return allStatusesSelected(statuses) ? [] : [...permitStatuses];
}

/** The text of that option: "Deselect All" when every status is already selected. */
export function selectAllOptionText(statuses: readonly PermitStatus[]): string {
  return allStatusesSelected(statuses) ? permitListTexts.deselectAll : permitListTexts.selectAll;
}

export function isSameFilters(a: PermitListFilters, b: PermitListFilters): boolean {
  return (
    a.statuses.length === b.statuses.length &&
    a.statuses.every((status, index) => status === b.statuses[index]) &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.search === b.search &&
    a.page === b.page
  );
}

/** New statuses or dates show their first page. */
export function withFilterChanges(
  filters: PermitListFilters,
  changes: PermitListFilterChanges,
): PermitListFilters {
  return {
    ...filters,
    ...changes,
    statuses: inTableOrder(changes.statuses ?? filters.statuses),
    page: 1,
  };
}

/** A new search shows its first page. */
export function withSearch(filters: PermitListFilters, search: string): PermitListFilters {
  return { ...filters, search, page: 1 };
}

function isPageNumber(page: number): boolean {
  return Number.isInteger(page) && page >= 1;
}

/**
 * The filters showing `page`, or the same filters when `page` is not one of the pages that
 * `count` permits fill (Previous on the first page, Next on the last).
 */
export function withPage(
  filters: PermitListFilters,
  page: number,
  count: number,
): PermitListFilters {
  return isPageNumber(page) && page <= pageCount(count) ? { ...filters, page } : filters;
}

/** The query of GET /api/v1/permits/; the server trims the search, so it is sent trimmed. */
export function toPermitListRequest(filters: PermitListFilters): PermitListRequest {
  return {
    status: [...filters.statuses],
    start_date: filters.startDate,
    end_date: filters.endDate,
    search: filters.search.trim(),
    page: filters.page,
  };
}

/** The URL query keys, named as the API's own query. */
const queryKeys = {
  status: 'status',
  startDate: 'start_date',
  endDate: 'end_date',
  search: 'search',
  page: 'page',
} as const;

/**
 * The filters as a URL query, so Back, reload and a shared link restore them. Only what differs
 * from the defaults is written: a link without dates means "today" wherever and whenever it is
 * opened. An empty status selection is written as one empty `status`, and a cleared date as an
 * empty value, so that they are not read back as the defaults.
 */
export function toListSearchParams(
  filters: PermitListFilters,
  clock: Clock = systemClock,
): URLSearchParams {
  const defaults = defaultPermitListFilters(clock);
  const params = new URLSearchParams();
  if (!allStatusesSelected(filters.statuses)) {
    if (filters.statuses.length === 0) params.append(queryKeys.status, '');
    for (const status of inTableOrder(filters.statuses)) params.append(queryKeys.status, status);
  }
  if (filters.startDate !== defaults.startDate) params.set(queryKeys.startDate, filters.startDate);
  if (filters.endDate !== defaults.endDate) params.set(queryKeys.endDate, filters.endDate);
  if (filters.search !== '') params.set(queryKeys.search, filters.search);
  if (filters.page !== 1) params.set(queryKeys.page, String(filters.page));
  return params;
}

/**
 * What a saved list answers (./saved-permit-list.ts): the filters and page as the URL query
 * writes them, but with the dates always written, in a fixed order. A list saved for Monday's
 * "today" does not answer Wednesday's.
 */
export function toSavedListQuery(filters: PermitListFilters, clock: Clock = systemClock): string {
  const params = toListSearchParams(filters, clock);
  params.set(queryKeys.startDate, filters.startDate);
  params.set(queryKeys.endDate, filters.endDate);
  params.sort();
  return params.toString();
}

function isPermitStatus(value: string): value is PermitStatus {
  return (permitStatuses as readonly string[]).includes(value);
}

/** Absent: the defaults. Any value that is not a status: the defaults. Only '': none. */
function readStatuses(params: URLSearchParams, fallback: PermitStatus[]): PermitStatus[] {
  if (!params.has(queryKeys.status)) return fallback;
  const values = params.getAll(queryKeys.status).filter((value) => value !== '');
  return values.every(isPermitStatus) ? inTableOrder(values) : fallback;
}

const dateTimeLocalPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Absent or not a `datetime-local` value: the default. '': no bound. */
function readDate(params: URLSearchParams, key: string, fallback: string): string {
  const value = params.get(key);
  if (value === null) return fallback;
  if (value === '') return '';
  return dateTimeLocalPattern.test(value) && parseDateTimeLocal(value) ? value : fallback;
}

function readPage(params: URLSearchParams): number {
  const value = params.get(queryKeys.page) ?? '';
  const page = /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return isPageNumber(page) ? page : 1;
}

/**
 * The filters a URL query names; every missing or unreadable value is the default. A page past
 * the last one is left to the list, which goes back to page 1 when the server refuses it.
 */
export function fromListSearchParams(
  params: URLSearchParams,
  clock: Clock = systemClock,
): PermitListFilters {
  const defaults = defaultPermitListFilters(clock);
  return {
    statuses: readStatuses(params, defaults.statuses),
    startDate: readDate(params, queryKeys.startDate, defaults.startDate),
    endDate: readDate(params, queryKeys.endDate, defaults.endDate),
    search: params.get(queryKeys.search) ?? '',
    page: readPage(params),
  };
}

/** The pagination texts for one page of the list, as descriptors the screen formats. */
export interface PaginationTexts {
  /** "Page X of N", e.g. "Page 2 of 3". */
  page: MessageDescriptor;
  /** "showing a-b of total", e.g. "showing 21-40 of 45". */
  showing: MessageDescriptor;
}

/**
 * docs/contract.md §2, "Pagination". Null for an empty list: the screen then shows only the empty text
 * ("No permits found matching your criteria.") and no pagination, since "showing 1-0 of 0"
 * would be nonsense.
 */
export function paginationTexts(page: number, count: number): PaginationTexts | null {
  if (count <= 0) return null;
  const first = (page - 1) * permitListPageSize + 1;
  const last = Math.min(page * permitListPageSize, count);
  return {
    page: /*i18n*/ { id: 'Page {page} of {pages}', values: { page, pages: pageCount(count) } },
    showing: /*i18n*/ { id: 'showing {first}-{last} of {count}', values: { first, last, count } },
  };
}
