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

/**
 * What residents read for each status, word for word from docs/contract.md §4, "Permit statuses":
 * the web app's badges (machines/permits/rules/permit-status-table.ts) and the API host's e-mails.
 */
export const permitStatusLabels: Readonly<Record<PermitStatus, string>> = {
  ACTIVE: 'Active',
  SCHEDULED: 'Scheduled',
  QUEUED: 'Queued',
  CANCEL_PENDING: 'Cancelling…',
  CANCELLED: 'Cancelled',
  CANCEL_FAILED: 'Cancel failed',
  UPDATE_PENDING: 'Updating…',
  UPDATE_FAILED: 'Update Failed',
  EXPIRE_PENDING: 'Expiring…',
  EXPIRED: 'Expired',
  FAILED: 'Failed',
  FAILED_LIMIT: 'Failed - Limit Exceeded',
};
