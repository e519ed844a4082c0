import { DateTime } from 'luxon';
import { siteTimeZone } from '../../contract/london-wall-time';
import type { PermitCapType } from '../db/schema';

/** The calendar month or quarter, in London, over which the activation cap counts. */
export interface CapPeriod {
  start: Date;
  /** Exclusive. */
  end: Date;
  /** "November 2026" or "Q4 2026". */
  name: string;
}

/** The cap period of the given type that contains `at`. */
export function capPeriod(type: PermitCapType, at: Date): CapPeriod {
  const local = DateTime.fromJSDate(at, { zone: siteTimeZone });
  const unit = type === 'quarterly' ? 'quarter' : 'month';
  const start = local.startOf(unit);
  const name =
    type === 'quarterly'
      ? `Q${start.quarter} ${start.year}`
      : start.setLocale('en-GB').toFormat('LLLL yyyy');
  return {
    start: start.toJSDate(),
    end: start.plus(type === 'quarterly' ? { quarters: 1 } : { months: 1 }).toJSDate(),
    name,
  };
}
