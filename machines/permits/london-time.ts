import { DateTime } from 'luxon';

/** Every time the resident picks or the API receives is a wall time here (spec section 9). */
export const siteTimeZone = 'Europe/London';

/** The format of a `datetime-local` input's value. */
const dateTimeLocalFormat = "yyyy-MM-dd'T'HH:mm";
/** The API's times: London wall time with seconds and no offset (spec section 5). */
const apiDateTimeFormat = "yyyy-MM-dd'T'HH:mm:ss";
/** How every date is shown to a resident: en-GB, 24-hour (spec section 9). */
const ukDisplayFormat = 'dd/MM/yyyy HH:mm';

/** `now` as a London instant, whichever form the caller holds it in. */
export function inLondon(now: DateTime | Date): DateTime {
  const instant = now instanceof Date ? DateTime.fromJSDate(now) : now;
  return instant.setZone(siteTimeZone);
}

/**
 * The instant a `datetime-local` value names in London, or null when the value is empty or not
 * a date. A wall time skipped by the clocks going forward moves on by the hour skipped; a wall
 * time that happens twice when they go back means its second (Greenwich) occurrence, as luxon
 * reads it.
 */
export function parseDateTimeLocal(value: string): DateTime | null {
  if (value === '') return null;
  const parsed = DateTime.fromFormat(value, dateTimeLocalFormat, { zone: siteTimeZone });
  return parsed.isValid ? parsed : null;
}

export function toDateTimeLocal(instant: DateTime): string {
  return instant.setZone(siteTimeZone).toFormat(dateTimeLocalFormat);
}

export function toApiDateTime(instant: DateTime): string {
  return instant.setZone(siteTimeZone).toFormat(apiDateTimeFormat);
}

/** The London wall time of `instant` as a resident reads it, e.g. '27/03/2026 14:05'. */
export function toUkDateTime(instant: DateTime): string {
  return instant.setZone(siteTimeZone).toFormat(ukDisplayFormat);
}
