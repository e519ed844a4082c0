import type { Permit, PermitCreatePayload } from '../../../contract/permit';
import { permitStatuses, type PermitStatus } from '../../../contract/permit-status';
import { formatPermitTime, isIndefiniteEnd, parsePermitTime } from '../rules/permit-display';

/**
 * Permits that no longer hold their vehicle's times: the API host's overlap rule leaves them out
 * (server/db/migrations/0003_permit_integrity.sql), so they are never the permit in the way.
 */
const endedStatuses: readonly PermitStatus[] = ['CANCELLED', 'EXPIRED', 'FAILED', 'FAILED_LIMIT'];

/** The statuses of permits that still hold their vehicle's times. */
export const heldPermitStatuses: readonly PermitStatus[] = permitStatuses.filter(
  (status) => !endedStatuses.includes(status),
);

const sameRegistration = (a: string, b: string) =>
  a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

/** Milliseconds since the epoch, or +∞ for no end (indefinite, or an unreadable time). */
function endOf(endTs: string | null): number {
  if (endTs === null || isIndefiniteEnd(endTs)) return Infinity;
  return parsePermitTime(endTs)?.toMillis() ?? Infinity;
}

function startOf(startTs: string): number {
  return parsePermitTime(startTs)?.toMillis() ?? -Infinity;
}

/**
 * Which of the resident's `permits` holds the vehicle for some of the times a refused create
 * asked for ("A permit for this VRM and time already exists"): same registration, still held,
 * and its [start, end) meeting the new one's. Null when none of theirs does — the permit in the
 * way then belongs to someone else at the address.
 */
export function findOverlappingPermit(
  permits: readonly Permit[],
  wanted: PermitCreatePayload,
): Permit | null {
  const wantedStart = startOf(wanted.start_ts);
  const wantedEnd = endOf(wanted.end_ts);
  return (
    permits.find(
      (permit) =>
        sameRegistration(permit.vrm, wanted.vrm) &&
        !endedStatuses.includes(permit.status) &&
        startOf(permit.start_ts) < wantedEnd &&
        wantedStart < endOf(permit.end_ts),
    ) ?? null
  );
}

/** Said under the spec's overlap message: which permit is in the way, when the app can tell. */
export function overlapDetail(permit: Permit | null): string {
  if (permit === null) {
    return 'This vehicle already has a permit at this address for that time.';
  }
  const reference = permit.reference_no.trim();
  const times = isIndefiniteEnd(permit.end_ts)
    ? `from ${formatPermitTime(permit.start_ts)} with no end`
    : `${formatPermitTime(permit.start_ts)} to ${formatPermitTime(permit.end_ts)}`;
  return [
    `It overlaps your permit for ${permit.vrm}`,
    reference === '' ? '' : ` (reference ${reference})`,
    `, ${times}.`,
  ].join('');
}
