import type { MessageDescriptor } from '@lingui/core';
import { DateTime } from 'luxon';
import { memoiseByText } from '../../memoise-by-text';
import { londonWallTime, siteTimeZone, toUkDateTime } from '../../../contract/london-wall-time';
import type { Permit, PermitCreatePayload } from '../../../contract/permit';
import { normaliseVrm, referenceLabelMaxLength } from '../../../contract/permit-rules';
import { isIndefiniteEnd, parsePermitTime } from './permit-display';

/** How many weeks a series may have (test/machines/permits/rules/weekly-series.test.ts). */
export const seriesWeekLimits = { fewest: 2, most: 8 } as const;

/** Why a week cannot be sent: its wall time is one the clocks skip that night. */
export const skippedWeekReason =
  /*i18n*/ 'That time does not exist in London: the clocks go forward.';

/** One week of a "Repeat weekly" series, and what became of its create call. */
export interface SeriesWeek {
  /**
   * The week's own name, the same on every retry of the same form: the registration and the
   * London wall time it starts at. A week once made is never sent again under this key.
   */
  key: string;
  /** When it starts, as the resident reads it: '08/06/2026 18:00'. */
  startsAt: string;
  /** Null for a week whose wall time the clocks skip: it cannot be sent. */
  payload: PermitCreatePayload | null;
  outcome: 'waiting' | 'made' | 'not-made';
  /** Why it was not made; null otherwise. */
  reason: string | null;
}

const ukDateTimeFormat = 'dd/MM/yyyy HH:mm';
const apiWallTimeFormat = "yyyy-MM-dd'T'HH:mm:ss";

/** The API's London wall time 'yyyy-MM-ddTHH:mm:ss' moved `weeks` weeks on, same wall clock. */
function weeksLater(wallTime: string, weeks: number): DateTime<true> | null {
  // Calendar arithmetic on the wall clock itself (read as UTC, which has no clock changes), so
  // 18:00 stays 18:00 when BST starts or ends between two weeks.
  const moved = DateTime.fromISO(wallTime, { zone: 'utc' }).plus({ weeks });
  return moved.isValid ? moved : null;
}

/**
 * A week's own reference label: the resident's label and the date the week starts, "Cousin
 * 04/12/2026". The API host refuses a label another live permit carries, so one label sent for
 * every week would leave all but the first week refused; a week's date makes each unique, and a
 * label really used again is still refused. The label is shortened, never the date, to fit the
 * host's length (`referenceLabelMaxLength`).
 */
export function weekReferenceLabel(label: string, weekStart: DateTime): string {
  const suffix = ` ${weekStart.toFormat('dd/MM/yyyy')}`;
  const kept = label
    .trim()
    .slice(0, referenceLabelMaxLength - suffix.length)
    .trimEnd();
  return `${kept}${suffix}`;
}

/**
 * The reference label each week of a series gets (`weekReferenceLabel`), for the form to show
 * before anything is sent; empty while the start (a `datetime-local` value) names no wall time,
 * the label is empty or `weeks` is not a whole number in `seriesWeekLimits`.
 */
export function seriesReferenceLabels(label: string, start: string, weeks: string): string[] {
  const count = Number(weeks.trim());
  const first = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start) ? weeksLater(start, 0) : null;
  if (label.trim() === '' || first === null || !Number.isInteger(count)) return [];
  if (count < seriesWeekLimits.fewest || count > seriesWeekLimits.most) return [];
  return Array.from({ length: count }, (_, week) =>
    weekReferenceLabel(label, first.plus({ weeks: week })),
  );
}

/** The instant a wall time names in London; null for one the clocks skip. */
function inLondonOrSkipped(wallTime: DateTime<true>): DateTime | null {
  const london = londonWallTime(wallTime.toObject());
  return london.ok ? london.instant : null;
}

/**
 * The weeks of a series whose first permit is `first` (a scheduled one: its start is a chosen
 * wall time, so the keys stay the same on a retry): `count` permits a week apart, each at the
 * same London wall-clock time across clock changes (contract/london-wall-time.ts), with the same
 * length, and each its own reference label (`weekReferenceLabel`). A week already made in `earlier` (an earlier try of the same series) stays made.
 */
export function weeklySeries(
  first: PermitCreatePayload,
  count: number,
  earlier: readonly SeriesWeek[] = [],
): SeriesWeek[] {
  return Array.from({ length: count }, (_, index): SeriesWeek => {
    const start = weeksLater(first.start_ts, index);
    const end = first.end_ts === null ? null : weeksLater(first.end_ts, index);
    // The payload comes from `toPermitCreatePayload`, whose times are always wall times.
    if (start === null) throw new Error(`weeklySeries: "${first.start_ts}" is not a wall time`);
    const key = `${first.vrm} ${start.toFormat(apiWallTimeFormat)}`;
    const startInstant = inLondonOrSkipped(start);
    const startsAt = startInstant ? toUkDateTime(startInstant) : start.toFormat(ukDateTimeFormat);
    if (earlier.some((week) => week.key === key && week.outcome === 'made')) {
      return { key, startsAt, payload: null, outcome: 'made', reason: null };
    }
    if (startInstant === null || (end !== null && inLondonOrSkipped(end) === null)) {
      return { key, startsAt, payload: null, outcome: 'not-made', reason: skippedWeekReason };
    }
    const payload: PermitCreatePayload = {
      ...first,
      ...(typeof first.reference_label === 'string'
        ? { reference_label: weekReferenceLabel(first.reference_label, start) }
        : {}),
      start_ts: start.toFormat(apiWallTimeFormat),
      end_ts: end && end.toFormat(apiWallTimeFormat),
    };
    return { key, startsAt, payload, outcome: 'waiting', reason: null };
  });
}

/** The week whose create call goes out next, or undefined when every week has had its try. */
export function nextWaitingWeek(series: readonly SeriesWeek[]): SeriesWeek | undefined {
  return series.find((week) => week.outcome === 'waiting');
}

/**
 * What the screen says, word for word (test/screens/features/permits/add-permit/add-permit-again-and-series.test.tsx):
 * English ids, those with values as descriptors the screen formats. `notMade`'s `reason` is
 * given in the reader's language by the screen (a marked text here, or the server's words).
 */
export const seriesTexts = {
  progress: (number: number, total: number): MessageDescriptor => /*i18n*/ ({
    id: 'Creating {number} of {total}…',
    values: { number, total },
  }),
  incompleteTitle: /*i18n*/ 'Not every week was created',
  made: (startsAt: string): MessageDescriptor => /*i18n*/ ({
    id: 'Created: the week starting {startsAt}',
    values: { startsAt },
  }),
  notMade: (startsAt: string, reason: string): MessageDescriptor => /*i18n*/ ({
    id: 'Not created: the week starting {startsAt}. {reason}',
    values: { startsAt, reason },
  }),
  retry:
    /*i18n*/ 'The form keeps its details: press Create Permit to try the weeks not created again.',
  labels: (labels: readonly string[]): MessageDescriptor => /*i18n*/ ({
    id: 'Each week gets its own reference label: {labels}.',
    values: { labels: labels.join(', ') },
  }),
} as const;

/** "Creating 2 of 3…": the week going out now, counted in the whole series. */
export function seriesProgress(series: readonly SeriesWeek[]): MessageDescriptor | null {
  const next = nextWaitingWeek(series);
  if (next === undefined) return null;
  return seriesTexts.progress(series.indexOf(next) + 1, series.length);
}

/** A start and end's London wall-clock start and length in minutes, or null (no end, unreadable). */
const wallTimesOf = memoiseByText((startAndEnd: string) => {
  const [startTs = '', endTs = ''] = startAndEnd.split('\n');
  const start = parsePermitTime(startTs);
  const end = isIndefiniteEnd(endTs) ? null : parsePermitTime(endTs);
  if (!start || !end) return null;
  // The wall clock read as UTC, as `weeksLater` moves it.
  const wall = (instant: DateTime) =>
    DateTime.fromISO(instant.setZone(siteTimeZone).toFormat("yyyy-MM-dd'T'HH:mm"), {
      zone: 'utc',
    });
  const wallStart = wall(start);
  if (!wallStart.isValid) return null;
  return { start: wallStart, minutes: wall(end).diff(wallStart, 'minutes').minutes };
});

/** A permit's London wall-clock start and length in minutes, or null (no end, unreadable). */
function wallTimes(permit: Permit): { start: DateTime<true>; minutes: number } | null {
  return wallTimesOf(`${permit.start_ts}\n${permit.end_ts}`);
}

/** A week in milliseconds: wall times (read as UTC) whole weeks apart differ by a multiple of it. */
const weekMs = 7 * 24 * 60 * 60 * 1000;

/** A vehicle as a series compares it: the registration as the host stores it. */
const vehicleOf = (permit: Permit) => normaliseVrm(permit.vrm);

/**
 * Where a permit sits among the weeks of its kind: permits of one vehicle, not cancelled, of one
 * length and starting at one London wall-clock time of the week share a kind; `week` counts whole
 * weeks from the epoch. Null for a cancelled permit, or one without an end or a readable time.
 */
function placeOf(permit: Permit): { kind: string; week: number } | null {
  const times = wallTimes(permit);
  if (times === null || permit.status === 'CANCELLED') return null;
  const millis = times.start.toMillis();
  const timeOfWeek = ((millis % weekMs) + weekMs) % weekMs;
  return {
    kind: `${vehicleOf(permit)}\n${times.minutes}\n${timeOfWeek}`,
    week: (millis - timeOfWeek) / weekMs,
  };
}

/**
 * A list's permits by kind and week (`kind\nweek`): of two in the same week of a kind, the later
 * in the list stands for that week. Made once for each list, which the screen renders many times.
 */
const listsByKindAndWeek = new WeakMap<readonly Permit[], Map<string, Permit>>();

function byKindAndWeekOf(permits: readonly Permit[]): Map<string, Permit> {
  const known = listsByKindAndWeek.get(permits);
  if (known) return known;
  const byKindAndWeek = new Map<string, Permit>();
  for (const permit of permits) {
    const place = placeOf(permit);
    if (place) byKindAndWeek.set(`${place.kind}\n${place.week}`, permit);
  }
  listsByKindAndWeek.set(permits, byKindAndWeek);
  return byKindAndWeek;
}

/**
 * The weekly series `permit` belongs to among `permits` (the list the resident sees): the
 * permits of the same vehicle, not cancelled, at the same London wall-clock time and length in
 * the weeks before and after it without a gap — what "Repeat weekly" creates — oldest first.
 * Just `[permit]` when it stands alone. Derived from the list, as the API knows no series.
 */
export function weeklySeriesOf(permit: Permit, permits: readonly Permit[]): Permit[] {
  const own = placeOf(permit);
  if (own === null) return [permit];
  const byKindAndWeek = byKindAndWeekOf(permits);
  const key = (week: number) => `${own.kind}\n${week}`;
  const series = [permit];
  for (let week = own.week - 1; byKindAndWeek.has(key(week)); week -= 1) {
    series.unshift(byKindAndWeek.get(key(week))!);
  }
  for (let week = own.week + 1; byKindAndWeek.has(key(week)); week += 1) {
    series.push(byKindAndWeek.get(key(week))!);
  }
  return series;
}
