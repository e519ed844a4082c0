import type { permits } from '../db/schema';

export type PermitRow = typeof permits.$inferSelect;

/** A stored indefinite permit's end: the spec's "End 9999-12-01 (year 9999)". */
export const indefiniteEnd = new Date('9999-12-01T00:00:00Z');

/** The spec's Permit entity (section 3), plus created_at, which the list filters on. */
export interface PermitResponse {
  id: number;
  vrm: string;
  make: string;
  model: string;
  colour: string;
  reference_no: string;
  label: boolean;
  driver_first: string;
  driver_last: string;
  status: PermitRow['status'];
  start_ts: string;
  /** "9999-12-01T00:00:00.000Z" when the permit has no end. */
  end_ts: string;
  created_at: string;
}

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
