import type { DateTime } from 'luxon';
import type { VisitorPass, VisitorPassState } from '../../../contract/visitor-pass';
import { formatPermitTime } from '../../permits/rules/permit-display';
import { inLondon, toDateTimeLocal } from '../../permits/rules/london-time';
import { visitorPassRules } from '../../../contract/visitor-pass';
import { englishMessage, type SayMessage } from '../../say-message';

/** What the resident's list calls each state of a pass, word for word (English ids). */
export const visitorPassStateLabels: Readonly<Record<VisitorPassState, string>> = {
  READY: /*i18n*/ 'Ready',
  USED: /*i18n*/ 'Used',
  EXPIRED: /*i18n*/ 'Expired',
  WITHDRAWN: /*i18n*/ 'Withdrawn',
};

/**
 * The window a new pass is offered with, as `datetime-local` values in London: from now (to the
 * minute) to `visitorPassRules.defaultWindowDays` days ahead.
 */
export function defaultPassWindow(now: DateTime | Date): { from: string; until: string } {
  const from = inLondon(now).startOf('minute');
  return {
    from: toDateTimeLocal(from),
    until: toDateTimeLocal(from.plus({ days: visitorPassRules.defaultWindowDays })),
  };
}

/** Whether a window from `from` to `until` lasts no longer than a pass may. */
export function isWithinLongestWindow(from: DateTime, until: DateTime): boolean {
  return until <= from.plus({ days: visitorPassRules.maxWindowDays });
}

/** The link the resident sends: this site's /visit/ page with the pass's secret. */
export function visitorPassLink(origin: string, token: string): string {
  return `${origin}/visit/${encodeURIComponent(token)}`;
}

/**
 * A pass's window as the resident reads it: "01/06/2026 12:00 to 08/06/2026 12:00", London time,
 * worded by `say` (the screen's translation; English where none is given).
 */
export function passWindowText(
  pass: Pick<VisitorPass, 'valid_from' | 'valid_until'>,
  say: SayMessage = englishMessage,
): string {
  return say(
    /*i18n*/ {
      id: '{from} to {until}',
      values: {
        from: formatPermitTime(pass.valid_from),
        until: formatPermitTime(pass.valid_until),
      },
    },
  );
}

/**
 * What a pass the resident gave no name is called: an English id, which the screens showing a
 * pass's name translate only when it is this one (a resident's own name is shown as written).
 */
export const unnamedPassName = /*i18n*/ 'Visitor pass';

/** What the resident calls a pass: its name, or "Visitor pass" when they gave none. */
export function passName(pass: Pick<VisitorPass, 'name'>): string {
  const name = pass.name.trim();
  return name === '' ? unnamedPassName : name;
}

/**
 * The pass each permit was booked through, by permit id, for My Permits to mark the rows: the
 * passes list names each pass's permits (`permit_ids`); the permit's own answer does not change.
 */
export function passNamesByPermit(passes: readonly VisitorPass[]): ReadonlyMap<number, string> {
  return new Map(
    passes.flatMap((pass) => pass.permit_ids.map((id) => [id, passName(pass)] as const)),
  );
}
