import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';
import {
  londonWallTime,
  siteTimeZone,
  type WallClockFields,
} from '../../contract/london-wall-time';

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

// The instants PostgreSQL's timestamptz and DRF's datetimes both hold: years 1 to 9999, in UTC.
// A JavaScript Date outside them is written as "+010000-…" or "0000-…", which the database
// refuses (a 500), so such a date-time is refused as unreadable, as DRF refuses it.
const firstInstant = Date.parse('0001-01-01T00:00:00.000Z');
export const lastInstant = Date.parse('9999-12-31T23:59:59.999Z');

function storable(instant: Date): boolean {
  const time = instant.getTime();
  return time >= firstInstant && time <= lastInstant;
}

export type SiteTimeResult =
  { ok: true; instant: Date } | { ok: false; reason: 'format' | 'nonexistent' };

/** DRF's text for a datetime it cannot read (a local time the clocks skip: contract/). */
export const dateTimeFormatMessage =
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';

/**
 * Reads an ISO 8601 date-time. With an offset (or Z) it is that instant; without one it is
 * London local time, as the web app sends "now" and datetime-local values.
 */
export function parseSiteDateTime(text: string): SiteTimeResult {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return { ok: false, reason: 'format' };
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const fields: Required<WallClockFields> = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    millisecond: Number((fraction ?? '0').padEnd(3, '0').slice(0, 3)),
  };
  if (fields.hour > 23) return { ok: false, reason: 'format' };
  if (offset) {
    // An offset is less than a day, its minutes less than an hour, as Python's datetime has it:
    // "+99:99" is no offset.
    if (offset.toUpperCase() !== 'Z') {
      if (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(-2)) > 59) {
        return { ok: false, reason: 'format' };
      }
    }
    const zone =
      offset.toUpperCase() === 'Z' ? 'utc' : `UTC${offset.slice(0, 3)}:${offset.slice(-2)}`;
    const instant = DateTime.fromObject(fields, { zone });
    return instant.isValid && storable(instant.toJSDate())
      ? { ok: true, instant: instant.toJSDate() }
      : { ok: false, reason: 'format' };
  }
  // London local time, by the clock-change rule the web app follows too.
  const local = londonWallTime(fields);
  if (local.ok) {
    const instant = local.instant.toJSDate();
    return storable(instant) ? { ok: true, instant } : { ok: false, reason: 'format' };
  }
  return { ok: false, reason: local.reason === 'skipped' ? 'nonexistent' : 'format' };
}

/** A local date-time without seconds or offset, 'yyyy-MM-ddTHH:mm'. */
const minutePrecisionPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * A list filter bound: a date-time as parseSiteDateTime reads it, or a date, meaning that day in
 * London from its start (`from`) or through its end (`through`: the next day's start, exclusive).
 * A `through` date-time given to the minute covers that whole minute.
 */
export function parseSiteDateBound(
  text: string,
  side: 'from' | 'through',
): { instant: Date; inclusive: boolean } | null {
  const key = `${side} ${text}`;
  let bound = readBounds.get(key);
  if (bound === undefined) {
    bound = readSiteDateBound(text, side) ?? unreadable;
    readBounds.set(key, bound);
  }
  // A copy: the Date is the caller's to keep.
  return bound === unreadable ? null : { ...bound, instant: new Date(bound.instant.getTime()) };
}

const unreadable = 'unreadable';
/**
 * Bounds already read, by side and text: My Permits sends today's date as both bounds of its
 * default list, so nearly every list request repeats the last one, and reading a London date with
 * luxon cost more of the request than anything but the database (a CPU profile of an API host
 * under the council bench, docs/performance.md). The reading is a pure function of the text.
 */
const readBounds = new LRUCache<string, { instant: Date; inclusive: boolean } | typeof unreadable>({
  max: 1000,
});

function readSiteDateBound(
  text: string,
  side: 'from' | 'through',
): { instant: Date; inclusive: boolean } | null {
  const date = datePattern.exec(text.trim());
  if (date) {
    const day = DateTime.fromObject(
      { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) },
      { zone: siteTimeZone },
    );
    if (!day.isValid || !storable(day.startOf('day').toJSDate())) return null;
    if (side === 'from') return { instant: day.startOf('day').toJSDate(), inclusive: true };
    // Through the last day there is: up to the last instant the database holds.
    const nextDay = day.plus({ days: 1 }).startOf('day').toJSDate();
    return storable(nextDay)
      ? { instant: nextDay, inclusive: false }
      : { instant: new Date(lastInstant), inclusive: true };
  }
  const parsed = parseSiteDateTime(text);
  if (!parsed.ok) return null;
  // The web app's day ends at 23:59, typed to the minute: that minute runs until 23:59:59.999.
  if (side === 'through' && minutePrecisionPattern.test(text.trim())) {
    const minuteEnd = new Date(parsed.instant.getTime() + 60_000);
    return storable(minuteEnd)
      ? { instant: minuteEnd, inclusive: false }
      : { instant: new Date(lastInstant), inclusive: true };
  }
  return { instant: parsed.instant, inclusive: true };
}
