import { i18n } from '../../../../src/i18n/i18n';
import {
  pageCount,
  permitListPageSize,
} from '../../../../machines/permits/rules/permit-list-pages';
import {
  allStatusesSelected,
  defaultPermitListFilters,
  fromListSearchParams,
  isSameFilters,
  paginationTexts,
  permitListTexts,
  selectAllOptionText,
  toggleAllStatuses,
  toListSearchParams,
  toPermitListRequest,
  withFilterChanges,
  withPage,
  withSearch,
  type PermitListFilters,
} from '../../../../machines/permits/my-permits/permit-list-filters';
import { permitStatuses } from '../../../../contract/permit-status';

const clockAt = (iso: string) => () => new Date(iso);
/** 1 June 2026, 12:00 in London (British Summer Time). */
const juneNoon = clockAt('2026-06-01T11:00:00Z');

const allStatuses = [
  'ACTIVE',
  'SCHEDULED',
  'QUEUED',
  'CANCEL_PENDING',
  'CANCELLED',
  'CANCEL_FAILED',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
  'EXPIRE_PENDING',
  'EXPIRED',
  'FAILED',
  'FAILED_LIMIT',
];

const juneDefaults: PermitListFilters = {
  statuses: [...permitStatuses],
  startDate: '2026-06-01T00:00',
  endDate: '2026-06-01T23:59',
  search: '',
  page: 1,
};

describe('permitListTexts', () => {
  it('words the empty list and the status option as the spec does', () => {
    expect(permitListTexts).toEqual({
      emptyList: 'No permits found matching your criteria.',
      selectAll: 'Select All',
      deselectAll: 'Deselect All',
    });
  });
});

describe('defaultPermitListFilters', () => {
  it('are all 12 statuses, today 00:00 to 23:59 in London, no search, page 1', () => {
    const defaults = defaultPermitListFilters(juneNoon);
    expect(defaults).toEqual(juneDefaults);
    expect(defaults.statuses).toEqual(allStatuses);
  });

  it.each([
    ['the day the clocks go forward', '2026-03-29T12:00:00Z', '2026-03-29'],
    ['just after midnight that day', '2026-03-29T00:10:00Z', '2026-03-29'],
    ['late that day, in summer time', '2026-03-29T22:30:00Z', '2026-03-29'],
    ['the day the clocks go back', '2026-10-25T12:00:00Z', '2026-10-25'],
    ['the first 00:30 that day, in summer time', '2026-10-24T23:30:00Z', '2026-10-25'],
    ['late that day, in Greenwich time', '2026-10-25T23:30:00Z', '2026-10-25'],
    ['the London date when UTC is still the day before', '2026-06-01T23:30:00Z', '2026-06-02'],
    ['a winter evening, when London is UTC', '2026-01-15T23:30:00Z', '2026-01-15'],
  ])('run 00:00 to 23:59 of the London day on %s', (_, now, day) => {
    const defaults = defaultPermitListFilters(clockAt(now));
    expect(defaults.startDate).toBe(`${day}T00:00`);
    expect(defaults.endDate).toBe(`${day}T23:59`);
  });
});

describe('toPermitListRequest', () => {
  it('names every filter and the page as the list call takes them', () => {
    expect(
      toPermitListRequest({
        ...juneDefaults,
        statuses: ['ACTIVE', 'QUEUED'],
        search: '  ford ',
        page: 2,
      }),
    ).toEqual({
      status: ['ACTIVE', 'QUEUED'],
      start_date: '2026-06-01T00:00',
      end_date: '2026-06-01T23:59',
      search: 'ford',
      page: 2,
    });
  });

  it('sends cleared dates as empty', () => {
    expect(toPermitListRequest({ ...juneDefaults, startDate: '', endDate: '' })).toMatchObject({
      start_date: '',
      end_date: '',
    });
  });
});

describe('filter changes', () => {
  const onPageThree: PermitListFilters = { ...juneDefaults, page: 3 };

  it('go back to page 1 and keep statuses in table order', () => {
    expect(withFilterChanges(onPageThree, { statuses: ['QUEUED', 'ACTIVE', 'QUEUED'] })).toEqual({
      ...juneDefaults,
      statuses: ['ACTIVE', 'QUEUED'],
      page: 1,
    });
  });

  it('change the dates only when asked', () => {
    expect(withFilterChanges(onPageThree, { endDate: '2026-06-05T12:00' })).toEqual({
      ...juneDefaults,
      endDate: '2026-06-05T12:00',
    });
  });

  it('a new search goes back to page 1 too', () => {
    expect(withSearch(onPageThree, 'van')).toEqual({ ...juneDefaults, search: 'van' });
  });
});

describe('withPage', () => {
  it('goes to a page the count fills', () => {
    expect(withPage(juneDefaults, 3, 45)).toEqual({ ...juneDefaults, page: 3 });
  });

  it.each([
    ['past the last page', 4],
    ['before the first', 0],
    ['a negative page', -1],
    ['a fraction', 1.5],
    ['not a number', Number.NaN],
  ])('stays where it is for %s', (_, page) => {
    expect(withPage({ ...juneDefaults, page: 2 }, page, 45)).toEqual({ ...juneDefaults, page: 2 });
  });
});

describe('isSameFilters', () => {
  it('is true for equal filters', () => {
    expect(isSameFilters(juneDefaults, { ...juneDefaults, statuses: [...permitStatuses] })).toBe(
      true,
    );
  });

  it.each<[string, Partial<PermitListFilters>]>([
    ['statuses', { statuses: ['ACTIVE'] }],
    ['start', { startDate: '' }],
    ['end', { endDate: '2026-06-02T23:59' }],
    ['search', { search: 'ford' }],
    ['page', { page: 2 }],
  ])('is false when %s differ', (_, change) => {
    expect(isSameFilters(juneDefaults, { ...juneDefaults, ...change })).toBe(false);
  });
});

describe('the "Select All" / "Deselect All" option', () => {
  it('reads "Deselect All" when every status is selected, and clears them', () => {
    expect(allStatusesSelected(permitStatuses)).toBe(true);
    expect(selectAllOptionText(permitStatuses)).toBe('Deselect All');
    expect(toggleAllStatuses(permitStatuses)).toEqual([]);
  });

  it.each([[[]], [['ACTIVE' as const]]])(
    'reads "Select All" when some are missing (%j), and selects all 12',
    (statuses) => {
      expect(selectAllOptionText(statuses)).toBe('Select All');
      expect(toggleAllStatuses(statuses)).toEqual(allStatuses);
    },
  );
});

describe('the URL query', () => {
  const roundTrip = (filters: PermitListFilters) =>
    fromListSearchParams(
      new URLSearchParams(toListSearchParams(filters, juneNoon).toString()),
      juneNoon,
    );

  it('is empty for the defaults', () => {
    expect(toListSearchParams(juneDefaults, juneNoon).toString()).toBe('');
  });

  it('holds only what differs from the defaults', () => {
    const filters: PermitListFilters = {
      ...juneDefaults,
      statuses: ['ACTIVE', 'QUEUED'],
      search: 'ford focus',
      page: 2,
    };
    expect(toListSearchParams(filters, juneNoon).toString()).toBe(
      'status=ACTIVE&status=QUEUED&search=ford+focus&page=2',
    );
  });

  it.each<[string, PermitListFilters]>([
    ['the defaults', juneDefaults],
    [
      'every filter changed',
      {
        statuses: ['SCHEDULED', 'EXPIRED'],
        startDate: '2026-05-01T08:30',
        endDate: '2026-05-31T18:00',
        search: 'AB12 & co',
        page: 7,
      },
    ],
    ['no status selected', { ...juneDefaults, statuses: [] }],
    ['cleared dates', { ...juneDefaults, startDate: '', endDate: '' }],
    ['a search of spaces', { ...juneDefaults, search: '  ' }],
  ])('gives back %s', (_, filters) => {
    expect(roundTrip(filters)).toEqual(filters);
  });

  it('means today wherever and whenever a link without dates is opened', () => {
    const link = toListSearchParams({ ...juneDefaults, search: 'van' }, juneNoon);
    expect(fromListSearchParams(link, clockAt('2026-10-25T12:00:00Z'))).toEqual({
      ...juneDefaults,
      startDate: '2026-10-25T00:00',
      endDate: '2026-10-25T23:59',
      search: 'van',
    });
  });

  it('reads statuses in table order without repeats', () => {
    const params = new URLSearchParams('status=QUEUED&status=ACTIVE&status=QUEUED');
    expect(fromListSearchParams(params, juneNoon).statuses).toEqual(['ACTIVE', 'QUEUED']);
  });

  it.each([
    ['an unknown status', 'status=ACTIVE&status=LOST', { statuses: [...permitStatuses] }],
    ['a lower-case status', 'status=active', { statuses: [...permitStatuses] }],
    ['a start that is not a date', 'start_date=yesterday', { startDate: '2026-06-01T00:00' }],
    ['an end without a time', 'end_date=2026-06-03', { endDate: '2026-06-01T23:59' }],
    ['an impossible date', 'start_date=2026-02-30T10:00', { startDate: '2026-06-01T00:00' }],
    ['a page of words', 'page=two', { page: 1 }],
    ['page 0', 'page=0', { page: 1 }],
    ['a negative page', 'page=-2', { page: 1 }],
    ['a fractional page', 'page=2.5', { page: 1 }],
    ['an empty page', 'page=', { page: 1 }],
  ])('falls back to the default for %s', (_, query, expected) => {
    expect(fromListSearchParams(new URLSearchParams(query), juneNoon)).toEqual({
      ...juneDefaults,
      ...expected,
    });
  });

  it('keeps the values it can read when another is unreadable', () => {
    expect(
      fromListSearchParams(new URLSearchParams('?search=van&page=x&status=FAILED'), juneNoon),
    ).toEqual({ ...juneDefaults, search: 'van', statuses: ['FAILED'] });
  });
});

describe('pagination', () => {
  it('shows 20 permits a page', () => {
    expect(permitListPageSize).toBe(20);
  });

  it.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [45, 3],
    [60, 3],
    [61, 4],
  ])('%i permits fill %i pages', (count, pages) => {
    expect(pageCount(count)).toBe(pages);
  });

  it.each([
    [1, 45, 'Page 1 of 3', 'showing 1-20 of 45'],
    [2, 45, 'Page 2 of 3', 'showing 21-40 of 45'],
    [3, 45, 'Page 3 of 3', 'showing 41-45 of 45'],
    [1, 20, 'Page 1 of 1', 'showing 1-20 of 20'],
    [1, 1, 'Page 1 of 1', 'showing 1-1 of 1'],
    [2, 21, 'Page 2 of 2', 'showing 21-21 of 21'],
  ])('page %i of %i permits reads "%s" and "%s"', (page, count, pageText, showing) => {
    const texts = paginationTexts(page, count);
    expect(texts && { page: i18n._(texts.page), showing: i18n._(texts.showing) }).toEqual({
      page: pageText,
      showing,
    });
  });

  it('shows no pagination for an empty list', () => {
    expect(paginationTexts(1, 0)).toBeNull();
  });
});
