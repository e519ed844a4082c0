/** docs/contract.md §4, "Permit statuses", in the order of its table. */
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

export function isPermitStatus(value: unknown): value is PermitStatus {
  return typeof value === 'string' && (permitStatuses as readonly string[]).includes(value);
}
