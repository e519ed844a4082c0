/**
 * UK registration marks: how they are written, which formats exist, and the slips residents make
 * typing them (test/machines/permits/rules/uk-registration.test.ts).
 *
 * Sources for the formats:
 * - DVLA, "INF104: Vehicle registration numbers and number plates" (gov.uk, publication
 *   "vehicle-registration-numbers-and-number-plates"): the current format since September 2001 is
 *   a two-letter local memory tag, a two-digit age identifier and three random letters, `AB12 CDE`;
 *   the letters I, Q and Z are not used in the memory tag, I and Q not among the random letters.
 *   Before it, the prefix format (1983–2001) `A123 BCD` and the suffix format (1963–1983)
 *   `ABC 123D`, whose year letter is never I, O, Q, U or Z, with numbers 1 to 999. Older dateless
 *   marks are 1–3 letters and 1–4 digits either way round (`AB 1234`, `1234 AB`), no more than six
 *   characters, numbers from 1.
 * - DVA (Northern Ireland), "Northern Ireland vehicle registration numbers" (nidirect.gov.uk): an
 *   optional letter, a two-letter county code that contains I or Z, and up to four digits,
 *   `ABZ 1234`.
 */
import { normaliseVrm } from '../../../contract/permit-rules';

export type RegistrationFormat = 'current' | 'prefix' | 'suffix' | 'dateless' | 'northernIreland';

/** The Northern Ireland county codes (DVA, nidirect.gov.uk). */
const northernIrelandCodes =
  'AZ|BZ|CZ|DZ|EZ|FZ|GZ|HZ|IA|IB|IG|IJ|IL|IW|JI|JZ|KZ|LZ|MZ|NZ|OI|OZ|PZ|RZ|SZ|TZ|UI|UZ|WZ|XI|YZ';

/** A year letter of the prefix and suffix formats: A to Y without I, O, Q, U (INF104). */
const yearLetter = '[A-HJ-NPR-TV-Y]';

/**
 * Each format, in the order a mark is tested against them, as a pattern over the normalised
 * mark whose two groups are the halves written either side of the space.
 */
const formats: ReadonlyArray<{ format: RegistrationFormat; pattern: RegExp }> = [
  { format: 'current', pattern: /^([A-HJ-PR-Y]{2}[0-9]{2})([A-HJ-PR-Z]{3})$/ },
  { format: 'prefix', pattern: new RegExp(`^(${yearLetter}[1-9][0-9]{0,2})([A-Z]{3})$`) },
  { format: 'suffix', pattern: new RegExp(`^([A-Z]{3})([1-9][0-9]{0,2}${yearLetter})$`) },
  {
    format: 'northernIreland',
    pattern: new RegExp(`^([A-Z]?(?:${northernIrelandCodes}))([1-9][0-9]{0,3})$`),
  },
  { format: 'dateless', pattern: /^(?=.{2,6}$)([A-Z]{1,3})([1-9][0-9]{0,3})$/ },
  { format: 'dateless', pattern: /^(?=.{2,6}$)([1-9][0-9]{0,3})([A-Z]{1,3})$/ },
];

function matchFormat(typed: string) {
  const mark = normaliseVrm(typed);
  for (const { format, pattern } of formats) {
    const match = pattern.exec(mark);
    if (match) return { format, spaced: `${match[1]} ${match[2]}` };
  }
  return null;
}

/** The format `typed` is written in, or null when it is not a standard UK registration. */
export function registrationFormat(typed: string): RegistrationFormat | null {
  return matchFormat(typed)?.format ?? null;
}

/**
 * The mark with the standard spacing of its format (`AB12 CDE`, `A123 BCD`, `ABC 123D`,
 * `AB 1234`); an unrecognised mark is shown normalised, without guessing a space.
 */
export function formatRegistration(typed: string): string {
  return matchFormat(typed)?.spaced ?? normaliseVrm(typed);
}

/** Characters that look alike on a plate or a keyboard, each with its partner. */
const lookAlikes: Readonly<Record<string, string>> = {
  O: '0',
  '0': 'O',
  I: '1',
  '1': 'I',
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
};

/** Every way of swapping some look-alike characters of `mark`, with the number swapped. */
function lookAlikeVariants(mark: string): Array<{ mark: string; swaps: number }> {
  let variants = [{ mark: '', swaps: 0 }];
  for (const character of mark) {
    const partner = lookAlikes[character];
    variants = variants.flatMap((variant) => [
      { mark: variant.mark + character, swaps: variant.swaps },
      ...(partner ? [{ mark: variant.mark + partner, swaps: variant.swaps + 1 }] : []),
    ]);
  }
  return variants;
}

const formatOrder = formats.map(({ format }) => format);

/**
 * The recognised mark, spaced, that `typed` most likely meant when it is not itself recognised:
 * the fewest look-alike swaps (O↔0, I↔1, S↔5, B↔8, Z↔2) that make it a standard UK registration,
 * the current format first. Null for a recognised mark (it is never second-guessed) or when no
 * swap helps.
 */
export function slipSuggestion(typed: string): string | null {
  if (matchFormat(typed) !== null) return null;
  const candidates = lookAlikeVariants(normaliseVrm(typed))
    .filter(({ swaps }) => swaps > 0)
    .map(({ mark, swaps }) => ({ swaps, match: matchFormat(mark) }))
    .flatMap(({ swaps, match }) => (match ? [{ swaps, ...match }] : []))
    .sort(
      (one, other) =>
        one.swaps - other.swaps ||
        formatOrder.indexOf(one.format) - formatOrder.indexOf(other.format),
    );
  return candidates[0]?.spaced ?? null;
}

/**
 * Whether two normalised marks are one edit apart: one character changed, two neighbours swapped,
 * or one character missing or extra (the optimal-string-alignment distance is exactly 1).
 */
export function isOneEditApart(one: string, other: string): boolean {
  if (one === other) return false;
  const [shorter, longer] = one.length <= other.length ? [one, other] : [other, one];
  if (longer.length - shorter.length > 1) return false;
  let start = 0;
  while (start < shorter.length && shorter[start] === longer[start]) start += 1;
  if (shorter.length !== longer.length) {
    return shorter.slice(start) === longer.slice(start + 1);
  }
  if (shorter.slice(start + 1) === longer.slice(start + 1)) return true;
  return (
    shorter[start] === longer[start + 1] &&
    shorter[start + 1] === longer[start] &&
    shorter.slice(start + 2) === longer.slice(start + 2)
  );
}

/**
 * The first of `known` (marks the resident has used, newest first) that `typed` is one edit away
 * from, spaced; null when none is, or when `typed` is one of them.
 */
export function nearMissOf(typed: string, known: readonly string[]): string | null {
  const mark = normaliseVrm(typed);
  const marks = known.map(normaliseVrm);
  if (mark === '' || marks.includes(mark)) return null;
  const near = marks.find((candidate) => isOneEditApart(mark, candidate));
  return near === undefined ? null : formatRegistration(near);
}

/** What the registration field says about what is typed. */
export type RegistrationCheck =
  | { kind: 'blank' }
  | { kind: 'recognised' }
  | { kind: 'slip'; suggestion: string }
  | { kind: 'unrecognised' };

/** The one reading of a typed mark that the add-permit form and its statechart share. */
export function checkRegistration(typed: string): RegistrationCheck {
  if (normaliseVrm(typed) === '') return { kind: 'blank' };
  if (matchFormat(typed) !== null) return { kind: 'recognised' };
  const suggestion = slipSuggestion(typed);
  return suggestion === null ? { kind: 'unrecognised' } : { kind: 'slip', suggestion };
}

/** Whether the resident must use the suggestion or vouch for `typed` before it is sent. */
export function needsConfirmation(typed: string): boolean {
  const { kind } = checkRegistration(typed);
  return kind === 'slip' || kind === 'unrecognised';
}
