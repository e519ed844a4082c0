import type { PermitStatus } from '../../contract/permit-status';

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
