import type { PermitStatus } from '../../contract/permit-status';

/** Ended for good: such a permit holds neither its vehicle's time nor its reference number. */
export const finishedPermitStatuses: readonly PermitStatus[] = [
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'FAILED_LIMIT',
];

/**
 * Count against the resident's concurrent-permit limit, and are reported as the profile's
 * `active_registrations`.
 */
export const limitCountedPermitStatuses: readonly PermitStatus[] = [
  'ACTIVE',
  'QUEUED',
  'SCHEDULED',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
];
