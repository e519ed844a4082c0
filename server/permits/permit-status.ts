/** Spec section 4, "Permit statuses". */
export const permitStatuses = [
  'ACTIVE',
  'SCHEDULED',
  'QUEUED',
  'CANCEL_PENDING',
  'CANCELLED',
  'CANCEL_FAILED',
  'UPDATE_PENDING',
  'UPDATE_FAILED',
  'EXPIRE_PENDING',
  'EXPIRED',
  'FAILED',
  'FAILED_LIMIT',
] as const;

export type PermitStatus = (typeof permitStatuses)[number];

/** Ended for good: such a permit holds neither its vehicle's time nor its reference number. */
export const finishedPermitStatuses: readonly PermitStatus[] = [
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'FAILED_LIMIT',
];

export function isPermitStatus(value: unknown): value is PermitStatus {
  return typeof value === 'string' && (permitStatuses as readonly string[]).includes(value);
}

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
