import { DateTime } from 'luxon';
import { siteTimeZone } from '../../../contract/london-wall-time';
import type { Permit } from '../../../contract/permit';
import { englishMessage, type SayMessage } from '../../say-message';
import { permitDisplay, permitTextIn } from '../rules/permit-display';
import { formatRegistration } from '../rules/uk-registration';

/** The columns of "Export CSV", in order: English ids, headed in the reader's language. */
export const permitCsvColumns = [
  /*i18n*/ 'Registration',
  /*i18n*/ 'Make',
  /*i18n*/ 'Model',
  /*i18n*/ 'Colour',
  /*i18n*/ 'Reference',
  /*i18n*/ 'Status',
  /*i18n*/ 'Driver',
  /*i18n*/ 'Start',
  /*i18n*/ 'End',
] as const;

/** Excel reads a file that starts with a byte-order mark as UTF-8. */
const byteOrderMark = '\uFEFF';

/**
 * One row per permit, as residents see it on My Permits, in the reader's language (`say`): the
 * registration spaced, the status's label, the driver's name ('No driver' when none), start and
 * end in UK time ('Indefinite' for no end).
 */
export function permitCsvRows(
  permits: readonly Permit[],
  say: SayMessage = englishMessage,
): string[][] {
  return permits.map((permit) => {
    const display = permitDisplay(permit);
    return [
      formatRegistration(permit.vrm),
      permit.make,
      permit.model,
      permit.colour,
      permitTextIn(display.reference, say),
      say({ id: display.status.label }),
      permitTextIn(display.driver, say),
      display.start,
      permitTextIn(display.end, say),
    ];
  });
}

/**
 * "Export CSV"'s file: UTF-8 with a byte-order mark, CRLF rows, every cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) prefixed with a quote
 * (papaparse's escapeFormulae, OWASP's CSV injection advice). test/machines/permits/permit-export/permit-exports.test.ts
 */
export async function permitCsv(
  permits: readonly Permit[],
  say: SayMessage = englishMessage,
): Promise<string> {
  return csvOfRows(permitCsvRows(permits, say), say);
}

/**
 * papaparse writes the file. It is loaded when a resident first exports, not with My Permits,
 * whose first paint on a phone waits for every byte the screen loads (docs/performance.md).
 */
async function csvOfRows(rows: string[][], say: SayMessage): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    { fields: permitCsvColumns.map((column) => say({ id: column })), data: rows },
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
  say: SayMessage = englishMessage,
): Promise<string> {
  const rows: string[][] = [];
  for (let from = 0; from < permits.length; from += rowsPerSlice) {
    rows.push(...permitCsvRows(permits.slice(from, from + rowsPerSlice), say));
    onProgress(rows.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return csvOfRows(rows, say);
}

/** `kerbside-permits-YYYY-MM-DD.csv`, the date of `now` in London. */
export function permitCsvFileName(now: Date): string {
  return `kerbside-permits-${DateTime.fromJSDate(now).setZone(siteTimeZone).toFormat('yyyy-MM-dd')}.csv`;
}
