import { DateTime } from 'luxon';
import type { Permit } from '../../../contract/permit';
import {
  driverName,
  formatPermitTime,
  isIndefiniteEnd,
  parsePermitTime,
  permitTextIn,
  referenceText,
  vehicleText,
} from './permit-display';
import { permitStatusDisplay } from './permit-status-table';
import { englishMessage, type SayMessage } from '../../say-message';
import { formatRegistration } from './uk-registration';

/**
 * What a calendar entry is made from: a resident's permit, or a visitor's booking, which has no
 * id (its reference names it) and no driver.
 */
export type CalendarPermit = Pick<
  Permit,
  'vrm' | 'make' | 'model' | 'colour' | 'reference_no' | 'status' | 'start_ts' | 'end_ts'
> &
  Partial<Pick<Permit, 'id' | 'driver_first' | 'driver_last'>>;

/** How long the calendar entry of a permit without an end lasts, from its start. */
const indefiniteEventMinutes = 30;

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.3.11: backslash, semicolon, comma and a line break escaped in a TEXT value. A line
 * break is CRLF, LF or a bare CR: some calendars end a line at a bare CR, so one left in a make or
 * model would start a property of the resident's choosing. Other control characters (§3.3.11's
 * TSAFE-CHAR excludes them; a tab is allowed) are dropped.
 */
function icsText(text: string): string {
  return (
    text
      .replace(/[\\;,]/g, (character) => `\\${character}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the control characters are what it removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded, CRLF then one space, never
 * inside a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // Continuation lines begin with the space, which counts towards their 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An instant as an RFC 5545 UTC date-time: 20261025T003000Z. */
function icsUtc(instant: DateTime): string {
  return instant.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
}

/** One permit's VEVENT lines: for a permit without an end, a short event at its start. */
function permitEvent(permit: CalendarPermit, stamp: string, say: SayMessage): string[] {
  const start = parsePermitTime(permit.start_ts);
  if (!start) throw new Error(`Permit ${permit.reference_no} has no readable start.`);
  const indefinite = isIndefiniteEnd(permit.end_ts);
  const end = indefinite
    ? start.plus({ minutes: indefiniteEventMinutes })
    : (parsePermitTime(permit.end_ts) ?? start.plus({ minutes: indefiniteEventMinutes }));
  // A visitor's booking names no driver: its entry says nothing of one.
  const driver =
    permit.driver_first === undefined
      ? []
      : [
          say(
            /*i18n*/ {
              id: 'Driver: {name}',
              values: {
                name: permitTextIn(
                  driverName({
                    driver_first: permit.driver_first,
                    driver_last: permit.driver_last ?? '',
                  }),
                  say,
                ),
              },
            },
          ),
        ];
  const description = [
    say(/*i18n*/ { id: 'Vehicle: {vehicle}', values: { vehicle: vehicleText(permit) } }),
    say(
      /*i18n*/ {
        id: 'Reference: {reference}',
        values: { reference: permitTextIn(referenceText(permit), say) },
      },
    ),
    ...driver,
    say(
      /*i18n*/ {
        id: 'Status: {status}',
        values: { status: say({ id: permitStatusDisplay(permit.status).label }) },
      },
    ),
    say(
      /*i18n*/ {
        id: 'Ends: {end}',
        values: { end: permitTextIn(formatPermitTime(permit.end_ts), say) },
      },
    ),
  ].join('\n');
  const summary = say(
    /*i18n*/ {
      id: 'Visitor permit {registration}',
      values: { registration: formatRegistration(permit.vrm) },
    },
  );
  return [
    'BEGIN:VEVENT',
    `UID:kerbside-permit-${permit.id ?? permit.reference_no}@kerbside`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(description)}`,
    'END:VEVENT',
  ];
}

/**
 * "Add to calendar"'s file: an RFC 5545 VCALENDAR with one VEVENT per permit — one permit, or
 * every week of a weekly series, or a visitor's booking — its times in UTC (so the clock changes need no VTIMEZONE),
 * SUMMARY "Visitor permit KX19 ABC", its words in the reader's language (`say`, English where no
 * screen words them). Lines end CRLF and are folded at 75 octets.
 * test/machines/permits/permit-export/permit-exports.test.ts parses it with ical.js.
 */
export function permitIcs(
  permits: CalendarPermit | readonly CalendarPermit[],
  now: Date,
  say: SayMessage = englishMessage,
): string {
  const stamp = icsUtc(DateTime.fromJSDate(now));
  const events = (Array.isArray(permits) ? permits : [permits]) as readonly CalendarPermit[];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kerbside//Visitor permits//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((permit) => permitEvent(permit, stamp, say)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/**
 * `kerbside-permit-KX19ABC-<reference>.ics`, safe as a file name; `-weekly` instead of the
 * reference for a weekly series' file.
 */
export function permitIcsFileName(
  permit: Pick<Permit, 'vrm' | 'reference_no'>,
  series = false,
): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '');
  const suffix = series ? 'weekly' : safe(permit.reference_no);
  return `kerbside-permit-${safe(permit.vrm.toUpperCase())}-${suffix}.ics`;
}
