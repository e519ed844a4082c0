import type { MessageDescriptor } from '@lingui/core';
import type { DateTime } from 'luxon';
import { londonWallTime } from '../../../contract/london-wall-time';
import { memoiseByText } from '../../memoise-by-text';

/** The five boxes of a date-and-time input, as typed: digits only, any of them possibly empty. */
export interface DateTimeParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

export type DateTimePart = keyof DateTimeParts;

/** The boxes in the order a UK resident reads and types them. */
export const dateTimePartOrder: readonly DateTimePart[] = [
  'day',
  'month',
  'year',
  'hour',
  'minute',
];

/** What the five boxes say, and which boxes a message is about; shared, so never changed. */
export type DateTimePartsReading =
  | { kind: 'empty' }
  | { kind: 'incomplete'; missing: readonly DateTimePart[] }
  | { kind: 'year-digits'; parts: readonly DateTimePart[] }
  | { kind: 'not-a-date'; parts: readonly DateTimePart[] }
  | { kind: 'not-a-time'; parts: readonly DateTimePart[] }
  | { kind: 'skipped'; parts: readonly DateTimePart[] }
  | { kind: 'ok'; instant: DateTime };

/**
 * How a form value holds the boxes: 'yyyy-MM-ddTHH:mm', the `datetime-local` format the rest of
 * the app reads, once every box holds a plausible number of digits; until then each box as typed
 * in the same places ('2026--4T:'), so a half-typed date is kept, never lost, and still read by
 * `readDateTimeParts`. Boxes hold digits only, so the separators cannot be confused with them.
 */
const partsPattern = /^(\d*)-(\d*)-(\d*)T(\d*):(\d*)$/;

/** The boxes a form value shows; all empty for '' (or anything not written by `toDateTimeValue`). */
export function toDateTimeParts(value: string): DateTimeParts {
  const match = partsPattern.exec(value);
  if (!match) return { day: '', month: '', year: '', hour: '', minute: '' };
  const [, year = '', month = '', day = '', hour = '', minute = ''] = match;
  return { day, month, year, hour, minute };
}

const twoDigits = (part: string) => (part.length === 1 ? `0${part}` : part);

/** The form value for the boxes (the inverse of `toDateTimeParts`); '' when every box is empty. */
export function toDateTimeValue(parts: DateTimeParts): string {
  if (dateTimePartOrder.every((part) => parts[part] === '')) return '';
  const { day, month, year, hour, minute } = parts;
  const whole =
    year.length === 4 &&
    [day, month, hour, minute].every((part) => part.length === 1 || part.length === 2);
  if (!whole) return `${year}-${month}-${day}T${hour}:${minute}`;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}`;
}

/**
 * What a form value's boxes name in London (read through the boxes in test/screens/ui/date-time-input.test.tsx): the
 * instant, or what is wrong, naming the boxes at fault so the input marks only those. The
 * clock-change rule is the API host's (contract/london-wall-time.ts). Remembered by value: the
 * form's rules and each date input read the same value several times at every keystroke, and
 * each London reading costs luxon time-zone look-ups.
 */
export const readDateTimeParts = memoiseByText((value: string): DateTimePartsReading => {
  const parts = toDateTimeParts(value);
  const missing = dateTimePartOrder.filter((part) => parts[part] === '');
  if (missing.length === dateTimePartOrder.length) return { kind: 'empty' };
  if (missing.length > 0) return { kind: 'incomplete', missing };
  if (parts.year.length !== 4) return { kind: 'year-digits', parts: ['year'] };
  const number = (part: DateTimePart) => Number(parts[part]);
  const tooLong = (part: DateTimePart) => parts[part].length > 2;
  const badDate = (['day', 'month'] as const).filter(
    (part) => tooLong(part) || number(part) < 1 || (part === 'month' && number(part) > 12),
  );
  if (badDate.length > 0) return { kind: 'not-a-date', parts: badDate };
  const badTime = (['hour', 'minute'] as const).filter(
    (part) => tooLong(part) || number(part) > (part === 'hour' ? 23 : 59),
  );
  if (badTime.length > 0) return { kind: 'not-a-time', parts: badTime };
  const wall = londonWallTime({
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
  });
  if (wall.ok) return { kind: 'ok', instant: wall.instant };
  // Every box is in range, so a date that is still not real is a day past the month's end.
  if (wall.reason === 'not-a-date') return { kind: 'not-a-date', parts: ['day'] };
  return { kind: 'skipped', parts: ['hour', 'minute'] };
});

/** Each box's name, as a message that lists the missing ones says it (an English id). */
const partNames: Record<DateTimePart, string> = {
  day: /*i18n*/ 'day',
  month: /*i18n*/ 'month',
  year: /*i18n*/ 'year',
  hour: /*i18n*/ 'hour',
  minute: /*i18n*/ 'minute',
};

/**
 * The message for a date-and-time input's boxes that name no instant, GOV.UK's words with the
 * field's name (`name`, "Expiry date"); null when the boxes are empty or name an instant. A
 * descriptor, as `tooLongMessage` (machines/field-length.ts): the web app words it in the reader's
 * language, the field's name translated first. `parts` lists the missing boxes in English ("day,
 * month and hour"); `missing` names them by their ids, for a translation to list them in its own
 * words (src/i18n/host-text.ts, with the Welsh catalogue).
 * A time the clocks skip is answered by the caller, whose text the API host shares.
 */
export function dateTimePartsMessage(
  name: string,
  reading: DateTimePartsReading,
): MessageDescriptor | null {
  switch (reading.kind) {
    case 'incomplete': {
      const missing = reading.missing.map((part) => partNames[part]);
      const parts =
        missing.length === 1
          ? missing[0]
          : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
      const values = { field: name, parts, missing };
      // English says "an hour", "a day": the article goes with the first box missing.
      return reading.missing[0] === 'hour'
        ? /*i18n*/ { id: '{field} must include an {parts}', values }
        : /*i18n*/ { id: '{field} must include a {parts}', values };
    }
    case 'year-digits':
      return /*i18n*/ { id: '{field} year must include 4 numbers', values: { field: name } };
    case 'not-a-date':
      return /*i18n*/ { id: '{field} must be a real date', values: { field: name } };
    case 'not-a-time':
      return /*i18n*/ {
        id: '{field} must be a real time, from 00:00 to 23:59',
        values: { field: name },
      };
    default:
      return null;
  }
}

/** The boxes a reading finds fault with; every box when the whole value is wrong. */
export function partsAtFault(reading: DateTimePartsReading): readonly DateTimePart[] {
  switch (reading.kind) {
    case 'incomplete':
      return reading.missing;
    case 'ok':
      return [];
    case 'empty':
      return dateTimePartOrder;
    default:
      return reading.parts;
  }
}
