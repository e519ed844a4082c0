import type { DateTime } from 'luxon';
import type { VisitorPass, VisitorPassState } from '../../../contract/visitor-pass';
import { formatPermitTime } from '../../permits/rules/permit-display';
import { inLondon, toDateTimeLocal } from '../../permits/rules/london-time';
import { visitorPassRules } from '../../../contract/visitor-pass';

/** What the resident's list calls each state of a pass, word for word. */
export const visitorPassStateLabels: Readonly<Record<VisitorPassState, string>> = {
  READY: 'Ready',
  USED: 'Used',
  EXPIRED: 'Expired',
  WITHDRAWN: 'Withdrawn',
};

/** Whether the pass may still make a permit: only then may the resident withdraw it. */
export function isUsablePass(pass: Pick<VisitorPass, 'state'>): boolean {
  return pass.state === 'READY';
}

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

/** A pass's window as the resident reads it: "01/06/2026 12:00 to 08/06/2026 12:00", London time. */
export function passWindowText(pass: Pick<VisitorPass, 'valid_from' | 'valid_until'>): string {
  return `${formatPermitTime(pass.valid_from)} to ${formatPermitTime(pass.valid_until)}`;
}

/** What the resident calls a pass: its name, or "Visitor pass" when they gave none. */
export function passName(pass: Pick<VisitorPass, 'name'>): string {
  const name = pass.name.trim();
  return name === '' ? 'Visitor pass' : name;
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
