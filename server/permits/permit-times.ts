import { HttpError } from '../http/http-error';
import { indefiniteEnd } from './serialize-permit';
import { skippedWallTimeMessage } from '../../contract/london-wall-time';
import { hostTexts } from '../../contract/host-texts';
import { endInPastMessage, minimumScheduleLeadMinutes } from '../../contract/permit-rules';
import { dateTimeFormatMessage, lastInstant, parseSiteDateTime } from './parse-site-time';

export type FieldErrors = Record<string, string[]>;

/** Seconds-old "now" starts from the web app are still "now"; older starts are refused. */
export const pastStartToleranceMs = 5 * 60 * 1000;
/** A scheduled start must be at least this far ahead (contract/permit-rules.ts). */
export const minimumScheduleLeadMs = minimumScheduleLeadMinutes * 60 * 1000;

/**
 * The end of a permit that starts at `start`: automatic when the site sets hours, else chosen.
 * Never past the last instant the database holds, however late the start.
 */
export function automaticEnd(start: Date, automaticEndHours: number): Date {
  return new Date(Math.min(start.getTime() + automaticEndHours * 3_600_000, lastInstant));
}

/** Reads a date-time field, recording DRF-style errors under its name when it is unreadable. */
export function readDateTime(text: string, field: string, errors: FieldErrors): Date | null {
  const parsed = parseSiteDateTime(text);
  if (parsed.ok) return parsed.instant;
  errors[field] = [parsed.reason === 'format' ? dateTimeFormatMessage : skippedWallTimeMessage];
  return null;
}

/** The stored end for a chosen end: null means indefinite. */
export function readChosenEnd(text: string | null, errors: FieldErrors): Date | null {
  return text === null ? indefiniteEnd : readDateTime(text, 'end_ts', errors);
}

/** Checks a chosen end against the start and now, recording errors under end_ts. */
export function checkEnd(end: Date, start: Date, now: Date, errors: FieldErrors): void {
  if (end.getTime() <= now.getTime()) errors.end_ts = [endInPastMessage];
  else if (end.getTime() <= start.getTime()) errors.end_ts = [hostTexts.endBeforeStart];
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
}
