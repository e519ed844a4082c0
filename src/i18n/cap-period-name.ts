import type { I18n, MessageDescriptor } from '@lingui/core';

/** A quarter's name, "Q4 2026", as the host gives it; `capPeriodName` words it. */
const quarterName = /*i18n*/ 'Q{quarter} {year}';

/**
 * A cap period's name as the host gives it ("November 2026", "Q4 2026", server/permits/cap-period.ts)
 * in the reader's language; a name of another form is shown as it came.
 */
export function capPeriodName(i18n: I18n, name: string): string {
  if (i18n.locale === 'en') return name;
  const quarter = /^Q([1-4]) (\d{4})$/.exec(name);
  if (quarter) {
    const named: MessageDescriptor = {
      id: quarterName,
      values: { quarter: quarter[1], year: quarter[2] },
    };
    return i18n._(named);
  }
  const [monthName, year] = name.split(' ');
  const month = englishMonths.indexOf(monthName ?? '');
  if (month < 0 || !/^\d{4}$/.test(year ?? '')) return name;
  // The 15th at noon UTC: the same month in every time zone.
  const inMonth = new Date(Date.UTC(Number(year), month, 15, 12));
  return new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric' }).format(inMonth);
}

/** The months as the host names them (English), so /login's bundle carries no date library. */
const englishMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
