import { DateTime } from 'luxon';
import {
  londonWallTime,
  siteTimeZone,
  type LondonWallTime,
} from '../../../contract/london-wall-time';

/** The format of a `datetime-local` input's value. */
const dateTimeLocalFormat = "yyyy-MM-dd'T'HH:mm";
/** The API's times: London wall time with seconds and no offset (docs/contract.md §5). */
const apiDateTimeFormat = "yyyy-MM-dd'T'HH:mm:ss";

/** `now` as a London instant, whichever form the caller holds it in. */
export function inLondon(now: DateTime | Date): DateTime {
  const instant = now instanceof Date ? DateTime.fromJSDate(now) : now;
  return instant.setZone(siteTimeZone);
}

function readDateTimeLocal(value: string): LondonWallTime {
  const fields = DateTime.fromFormat(value, dateTimeLocalFormat, { zone: 'utc' });
  if (!fields.isValid) return { ok: false, reason: 'not-a-date' };
  return londonWallTime(fields.toObject());
}

/**
 * The instant a `datetime-local` value names in London, or null when the value is empty, not a
 * date, or a time the clocks skip. The clock-change rule is the API host's too
 * (contract/london-wall-time.ts): a repeated wall time means its first occurrence, in BST.
 */
export function parseDateTimeLocal(value: string): DateTime | null {
  const read = readDateTimeLocal(value);
  return read.ok ? read.instant : null;
}

export function toDateTimeLocal(instant: DateTime): string {
  return instant.setZone(siteTimeZone).toFormat(dateTimeLocalFormat);
}

export function toApiDateTime(instant: DateTime): string {
  return instant.setZone(siteTimeZone).toFormat(apiDateTimeFormat);
}

/**
 * A chosen `datetime-local` value (a form's `field`) as the API's London wall time. A form's rules
 * have already refused an empty or malformed date wherever one is sent, so reaching this with one
 * is a wiring mistake, reported as `caller`'s rather than sent (an empty end would mean
 * indefinite).
 */
export function chosenApiDateTime(value: string, field: 'start' | 'end', caller: string): string {
  const parsed = parseDateTimeLocal(value);
  if (!parsed) throw new Error(`${caller}: the ${field} "${value}" is not a date`);
  return toApiDateTime(parsed);
}
