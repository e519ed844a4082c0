import type { I18n } from '@lingui/core';
import { toUkDateTime } from '../../../../contract/london-wall-time';
import { permitStatuses } from '../../../../contract/permit-status';
import { parseDateTimeLocal } from '../../../../machines/permits/rules/london-time';
import {
  allStatusesSelected,
  type PermitListFilterChanges,
  type PermitListFilters,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import { permitStatusTable } from '../../../../machines/permits/rules/permit-status-table';

/** How removing one chosen filter changes the list: new statuses or dates, or a new search. */
export type FilterRemoval = { changes: PermitListFilterChanges } | { search: string };

/** One filter the list is narrowed by, as a removable tag shows it (MOJ's "Selected filters"). */
export interface ChosenFilter {
  key: string;
  /** In the reader's language (`i18n`). */
  text: string;
  removal: FilterRemoval;
}

/** A creation-date bound the way UK residents read it, dd/mm/yyyy hh:mm London time. */
export function ukCreationDate(value: string): string {
  const chosen = parseDateTimeLocal(value);
  return chosen ? toUkDateTime(chosen) : value;
}

/**
 * The filters that narrow the list, one tag each: every chosen status (unless all are chosen), the
 * creation dates and the search. Removing a status unticks it; removing the only one left shows
 * every status again (as MOJ's tags do, removing a filter never narrows the list), and so does
 * removing "Status: none". Removing a date leaves that end of the range open. The tags' texts are
 * in `i18n`'s language.
 */
export function chosenPermitFilters(filters: PermitListFilters, i18n: I18n): ChosenFilter[] {
  const chosen: ChosenFilter[] = [];
  const { statuses } = filters;
  if (statuses.length === 0) {
    chosen.push({
      key: 'status',
      text: i18n._('Status: none'),
      removal: { changes: { statuses: [...permitStatuses] } },
    });
  } else if (!allStatusesSelected(statuses)) {
    for (const status of statuses) {
      const others = statuses.filter((other) => other !== status);
      chosen.push({
        key: `status-${status}`,
        text: i18n._('Status: {status}', { status: i18n._(permitStatusTable[status].label) }),
        removal: { changes: { statuses: others.length > 0 ? others : [...permitStatuses] } },
      });
    }
  }
  if (filters.startDate !== '') {
    chosen.push({
      key: 'start-date',
      text: i18n._('Created from {date}', { date: ukCreationDate(filters.startDate) }),
      removal: { changes: { startDate: '' } },
    });
  }
  if (filters.endDate !== '') {
    chosen.push({
      key: 'end-date',
      text: i18n._('Created to {date}', { date: ukCreationDate(filters.endDate) }),
      removal: { changes: { endDate: '' } },
    });
  }
  if (filters.search !== '') {
    chosen.push({
      key: 'search',
      text: i18n._('Search: {search}', { search: filters.search }),
      removal: { search: '' },
    });
  }
  return chosen;
}

/**
 * How many filters are set, for the phone's "Filters" button: the status choice, each creation
 * date and the search count one each (the default list, today's permits, has its two dates set).
 */
export function setFilterCount(filters: PermitListFilters): number {
  return [
    !allStatusesSelected(filters.statuses),
    filters.startDate !== '',
    filters.endDate !== '',
    filters.search !== '',
  ].filter(Boolean).length;
}
