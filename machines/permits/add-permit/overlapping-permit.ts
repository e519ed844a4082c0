import type { MessageDescriptor } from '@lingui/core';
import type { Permit, PermitCreatePayload } from '../../../contract/permit';
import { normaliseVrm } from '../../../contract/permit-rules';
import {
  finishedPermitStatuses,
  permitStatuses,
  type PermitStatus,
} from '../../../contract/permit-status';
import { formatPermitTime, isIndefiniteEnd, parsePermitTime } from '../rules/permit-display';

/** The statuses of permits that still hold their vehicle's times. */
export const heldPermitStatuses: readonly PermitStatus[] = permitStatuses.filter(
  (status) => !finishedPermitStatuses.includes(status),
);

const sameRegistration = (a: string, b: string) => normaliseVrm(a) === normaliseVrm(b);

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
        !finishedPermitStatuses.includes(permit.status) &&
        startOf(permit.start_ts) < wantedEnd &&
        wantedStart < endOf(permit.end_ts),
    ) ?? null
  );
}

/**
 * Whether `permit` is the booking `wanted` asks for, to the minute: same registration, still held,
 * same start and end. A week of a series refused for such a permit holds its vehicle as asked,
 * and most likely was made by an earlier try whose answer was lost.
 */
export function isSameBooking(permit: Permit, wanted: PermitCreatePayload): boolean {
  return (
    sameRegistration(permit.vrm, wanted.vrm) &&
    !finishedPermitStatuses.includes(permit.status) &&
    startOf(permit.start_ts) === startOf(wanted.start_ts) &&
    endOf(permit.end_ts) === endOf(wanted.end_ts)
  );
}

/**
 * Said under the spec's overlap message: which permit is in the way, when the app can tell. A
 * descriptor the screen formats (each wording whole, for the translator).
 */
export function overlapDetail(permit: Permit | null): MessageDescriptor {
  if (permit === null) {
    return /*i18n*/ { id: 'This vehicle already has a permit at this address for that time.' };
  }
  const reference = permit.reference_no.trim();
  const start = formatPermitTime(permit.start_ts);
  const { vrm } = permit;
  if (isIndefiniteEnd(permit.end_ts)) {
    return reference === ''
      ? /*i18n*/ {
          id: 'It overlaps your permit for {vrm}, from {start} with no end.',
          values: { vrm, start },
        }
      : /*i18n*/ {
          id: 'It overlaps your permit for {vrm} (reference {reference}), from {start} with no end.',
          values: { vrm, reference, start },
        };
  }
  const end = formatPermitTime(permit.end_ts);
  return reference === ''
    ? /*i18n*/ {
        id: 'It overlaps your permit for {vrm}, {start} to {end}.',
        values: { vrm, start, end },
      }
    : /*i18n*/ {
        id: 'It overlaps your permit for {vrm} (reference {reference}), {start} to {end}.',
        values: { vrm, reference, start, end },
      };
}
