import { DateTime } from 'luxon';
import { siteTimeZone } from '../../../contract/london-wall-time';
import type { Permit } from '../../../contract/permit';
import { permitDisplay } from '../rules/permit-display';
import { formatRegistration } from '../rules/uk-registration';

/** The columns of "Export CSV", in order. */
export const permitCsvColumns = [
  'Registration',
  'Make',
  'Model',
  'Colour',
  'Reference',
  'Status',
  'Driver',
  'Start',
  'End',
] as const;

/** Excel reads a file that starts with a byte-order mark as UTF-8. */
const byteOrderMark = '\uFEFF';

/**
 * One row per permit, as residents see it on My Permits: the registration spaced, the status's
 * label, the driver's name ('No driver' when none), start and end in UK time ('Indefinite' for
 * no end).
 */
export function permitCsvRows(permits: readonly Permit[]): string[][] {
  return permits.map((permit) => {
    const display = permitDisplay(permit);
    return [
      formatRegistration(permit.vrm),
      permit.make,
      permit.model,
      permit.colour,
      display.reference,
      display.status.label,
      display.driver,
      display.start,
      display.end,
    ];
  });
}

/**
 * "Export CSV"'s file: UTF-8 with a byte-order mark, CRLF rows, every cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) prefixed with a quote
 * (papaparse's escapeFormulae, OWASP's CSV injection advice). test/machines/permits/permit-export/permit-exports.test.ts
 */
export async function permitCsv(permits: readonly Permit[]): Promise<string> {
  return csvOfRows(permitCsvRows(permits));
}

/**
 * papaparse writes the file. It is loaded when a resident first exports, not with My Permits,
 * whose first paint on a phone waits for every byte the screen loads (docs/performance.md).
 */
async function csvOfRows(rows: string[][]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    { fields: [...permitCsvColumns], data: rows },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
  return `${byteOrderMark}${csv}\r\n`;
}

/** Rows formatted between two yields to the event loop: a few milliseconds' work. */
const rowsPerSlice = 250;

/**
 * permitCsv for a long list without freezing the page: the rows (whose UK times take most of the
 * work) are made a slice at a time, yielding to the event loop between slices, and `onProgress`
 * hears how many are done. `npm run bench` measures 10,000 (scripts/bench/benchmark-permit-export.ts).
 */
export async function buildPermitCsv(
  permits: readonly Permit[],
  onProgress: (done: number) => void = () => {},
): Promise<string> {
  const rows: string[][] = [];
  for (let from = 0; from < permits.length; from += rowsPerSlice) {
    rows.push(...permitCsvRows(permits.slice(from, from + rowsPerSlice)));
    onProgress(rows.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return csvOfRows(rows);
}

/** `kerbside-permits-YYYY-MM-DD.csv`, the date of `now` in London. */
export function permitCsvFileName(now: Date): string {
  return `kerbside-permits-${DateTime.fromJSDate(now).setZone(siteTimeZone).toFormat('yyyy-MM-dd')}.csv`;
}
