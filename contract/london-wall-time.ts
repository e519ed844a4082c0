import { DateTime, IANAZone } from 'luxon';

const hourMs = 3_600_000;
// Hours remembered at most (about fourteen months of them), so dates from far and wide cannot
// grow the memory without end.
const rememberedHours = 10_000;

/**
 * An IANA zone whose UTC offset is remembered for each hour it has been asked about. luxon asks
 * `Intl.DateTimeFormat` for the offset at every step (five times to read one London wall time, 3.6
 * µs each), and an API host reads two at every create (docs/performance.md). London's clocks
 * change on the hour; an hour in which a zone's offset changes is never remembered.
 */
class HourlyOffsetZone extends IANAZone {
  readonly #offsets = new Map<number, number>();

  override offset(ts: number): number {
    const hour = Math.floor(ts / hourMs);
    const remembered = this.#offsets.get(hour);
    if (remembered !== undefined) return remembered;
    const offset = super.offset(hour * hourMs);
    if (super.offset(hour * hourMs + hourMs - 1) !== offset) return super.offset(ts);
    if (this.#offsets.size >= rememberedHours) this.#offsets.clear();
    this.#offsets.set(hour, offset);
    return offset;
  }
}

/** Every time a resident picks or the API receives without an offset is a wall time here. */
export const siteTimeZone = new HourlyOffsetZone('Europe/London');

/**
 * The answer to a wall time the clocks skip when they go forward (01:00–01:59 on the last Sunday
 * of March), on both sides: the API host's field error (Django REST framework's text) and the web
 * form's. An English id (lingui.config.ts), so `siteTimeZone` is written out: a marked text is a
 * literal.
 */
export const skippedWallTimeMessage = /*i18n*/ 'Invalid datetime for the timezone "Europe/London".';

export interface WallClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

export type LondonWallTime =
  { ok: true; instant: DateTime } | { ok: false; reason: 'not-a-date' | 'skipped' };

const wallClockUnits = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond'] as const;

// Unit by unit rather than through toFormat, which parses its pattern at every call: the API host
// reads a London time at every create (docs/performance.md).
function sameWallClock(a: DateTime, b: DateTime): boolean {
  return wallClockUnits.every((unit) => a[unit] === b[unit]);
}

/**
 * The instant a London wall time names. The clock-change rule of the web app and the API host
 * alike (test/machines/permits/rules/london-time.test.ts, test/server/london-wall-time.test.ts):
 * - a time the clocks skip in March does not exist ('skipped'), never moved on by an hour;
 * - a time the clocks repeat in October (01:00–01:59) means its first occurrence, in BST.
 */
export function londonWallTime(fields: WallClockFields): LondonWallTime {
  const wanted = DateTime.fromObject(fields, { zone: 'utc' });
  const local = DateTime.fromObject(fields, { zone: siteTimeZone });
  if (!wanted.isValid || !local.isValid) return { ok: false, reason: 'not-a-date' };
  // luxon moves a skipped time on; the wall clock it lands on then differs from the one asked for.
  if (!sameWallClock(local, wanted)) {
    return { ok: false, reason: 'skipped' };
  }
  // Hours are added to the instant, not the wall clock: an hour earlier showing the same wall
  // time means that earlier instant is the first occurrence.
  const hourEarlier = local.minus({ hours: 1 });
  return { ok: true, instant: sameWallClock(hourEarlier, local) ? hourEarlier : local };
}

/**
 * The second occurrence of the London wall time `instant` shows, when the clocks repeat it (the
 * hour after 01:00 on the last Sunday of October): the same wall time an hour later, in GMT.
 * Null at any other time.
 */
export function repeatedWallTimeLater(instant: Date): Date | null {
  const shown = DateTime.fromJSDate(instant, { zone: siteTimeZone });
  const later = shown.plus({ hours: 1 });
  return sameWallClock(shown, later) ? later.toJSDate() : null;
}

/**
 * An instant as a UK resident reads it, 24-hour London time: '27/03/2026 14:05'. In the hour the
 * clocks repeat, the occurrence is named: '25/10/2026 01:30 (BST)' or '25/10/2026 01:30 (GMT)'.
 */
export function toUkDateTime(instant: DateTime): string {
  const london = instant.setZone(siteTimeZone);
  // Written out rather than through toFormat, which parses its pattern on every call: the CSV
  // export formats two of these per permit (scripts/bench/benchmark-permit-export.ts).
  const two = (value: number) => String(value).padStart(2, '0');
  const text = `${two(london.day)}/${two(london.month)}/${london.year} ${two(london.hour)}:${two(london.minute)}`;
  // Only next to a clock change can the wall clock repeat: elsewhere the offset is the same an
  // hour either side.
  const before = london.minus({ hours: 1 });
  const after = london.plus({ hours: 1 });
  if (before.offset === london.offset && after.offset === london.offset) return text;
  const repeated = [before, after].some((other) => sameWallClock(other, london));
  if (!repeated) return text;
  return `${text} (${london.offset === 60 ? 'BST' : 'GMT'})`;
}
