import { DateTime } from 'luxon';
import { siteTimeZone, toUkDateTime } from '../../../contract/london-wall-time';
import { englishMessage, type SayMessage } from '../../say-message';
import { memoiseByText } from '../../memoise-by-text';
import { permitStatusDisplay, type PermitStatusDisplay } from './permit-status-table';
import type { Permit } from '../../../contract/permit';

/** Row texts the spec words (docs/contract.md §2, "My Permits", and §3, "Permit"). */
export const permitDisplayTexts = {
  indefinite: /*i18n*/ 'Indefinite',
  noDriver: /*i18n*/ 'No driver',
  noReference: /*i18n*/ 'N/A',
} as const;

const spelledTexts = new Set<string>(Object.values(permitDisplayTexts));

/**
 * A permit's row text in the reader's language (`say`, English where no screen words it): the
 * spec's own words ('Indefinite', 'No driver', 'N/A') translated, the permit's own data (names,
 * references, times) as it is, so that a reference that happens to spell a word is never changed.
 */
export function permitTextIn(text: string, say: SayMessage = englishMessage): string {
  return spelledTexts.has(text) ? say({ id: text }) : text;
}

/**
 * docs/contract.md §3: an end in year 9999 (the API sends 9999-12-01) or the text 'Indefinite' means
 * the permit has no end. The year is read as written, whatever the offset after it.
 */
export function isIndefiniteEnd(endTs: string): boolean {
  const text = endTs.trim();
  return text === permitDisplayTexts.indefinite || /^9999-/.test(text);
}

/**
 * An API time as an instant: ISO 8601 with an offset (the server sends UTC, 'Z') is that instant;
 * without an offset it is a London wall time, as the app itself sends them. Null when unreadable.
 */
export function parsePermitTime(ts: string): DateTime | null {
  const parsed = DateTime.fromISO(ts.trim(), { zone: siteTimeZone });
  return parsed.isValid ? parsed : null;
}

/**
 * A start or end as a resident reads it: 'dd/MM/yyyy HH:mm' in London, 24-hour (docs/contract.md §9),
 * or 'Indefinite'. A text that is not a time is shown as it came, so nothing the API said is
 * hidden.
 */
export const formatPermitTime = memoiseByText((ts: string): string => {
  if (isIndefiniteEnd(ts)) return permitDisplayTexts.indefinite;
  const instant = parsePermitTime(ts);
  return instant ? toUkDateTime(instant) : ts;
});

/** Both blank parts are left out; no name at all reads 'No driver'. */
export function driverName(permit: Pick<Permit, 'driver_first' | 'driver_last'>): string {
  const name = [permit.driver_first, permit.driver_last]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? permitDisplayTexts.noDriver : name;
}

export function referenceText(permit: Pick<Permit, 'reference_no'>): string {
  const reference = permit.reference_no.trim();
  return reference === '' ? permitDisplayTexts.noReference : reference;
}

/** 'Ford / Focus / Blue'; the colour is optional, so a blank one is left out. */
export function vehicleText(permit: Pick<Permit, 'make' | 'model' | 'colour'>): string {
  return [permit.make, permit.model, permit.colour]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' / ');
}

/** Everything one row shows, for the desktop grid and the mobile layout alike. */
export interface PermitDisplay {
  registration: string;
  vehicle: string;
  reference: string;
  driver: string;
  status: PermitStatusDisplay;
  start: string;
  end: string;
}

/** The texts of one permit's row (docs/contract.md §2, "My Permits": "Each row"). */
export function permitDisplay(permit: Permit): PermitDisplay {
  return {
    registration: permit.vrm.toUpperCase(),
    vehicle: vehicleText(permit),
    reference: referenceText(permit),
    driver: driverName(permit),
    status: permitStatusDisplay(permit.status),
    start: formatPermitTime(permit.start_ts),
    end: formatPermitTime(permit.end_ts),
  };
}
