import type { Permit } from '../../contract/permit';
import { permits, type PermitRow } from '../db/schema';

/** A stored indefinite permit's end: the spec's "End 9999-12-01 (year 9999)". */
export const indefiniteEnd = new Date('9999-12-01T00:00:00Z');

/** The contract's Permit, plus created_at, which the list filters on. */
export type PermitResponse = Permit & { label: boolean; created_at: string };

/**
 * The columns a response shows, for a statement that reads only those (the list's page, whose
 * twenty rows would otherwise bring the reconciler's columns too, each mapped by Drizzle).
 */
export const permitResponseColumns = {
  id: permits.id,
  vrm: permits.vrm,
  make: permits.make,
  model: permits.model,
  colour: permits.colour,
  referenceNo: permits.referenceNo,
  label: permits.label,
  driverFirst: permits.driverFirst,
  driverLast: permits.driverLast,
  status: permits.status,
  startTs: permits.startTs,
  endTs: permits.endTs,
  createdAt: permits.createdAt,
};

/** A permit as far as its response goes: a whole row, or the permitResponseColumns of one. */
export type PermitResponseRow = Pick<PermitRow, keyof typeof permitResponseColumns>;

export function serializePermit(permit: PermitResponseRow): PermitResponse {
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
