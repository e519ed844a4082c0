import type { Permit } from '../../contract/permit';
import type { PermitRow } from '../db/schema';

/** A stored indefinite permit's end: the spec's "End 9999-12-01 (year 9999)". */
export const indefiniteEnd = new Date('9999-12-01T00:00:00Z');

/** The contract's Permit, plus created_at, which the list filters on. */
export type PermitResponse = Permit & { label: boolean; created_at: string };

export function serializePermit(permit: PermitRow): PermitResponse {
  return {
    id: permit.id,
    vrm: permit.vrm,
    make: permit.make,
    model: permit.model,
    colour: permit.colour,
    reference_no: permit.referenceNo,
    label: permit.label,
    driver_first: permit.driverFirst,
    driver_last: permit.driverLast,
    status: permit.status,
    start_ts: permit.startTs.toISOString(),
    end_ts: permit.endTs.toISOString(),
    created_at: permit.createdAt.toISOString(),
  };
}
