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
 * Ended for good: such a permit holds neither its vehicle's time nor its reference number (the
 * API host's overlap rule, server/db/migrations/0003_permit_integrity.sql, leaves them out).
 */
export const finishedPermitStatuses: readonly PermitStatus[] = [
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'FAILED_LIMIT',
];

/**
 * What residents read for each status, word for word from docs/contract.md §4, "Permit statuses":
 * the web app's badges (machines/permits/rules/permit-status-table.ts) and the API host's e-mails.
 * English ids (lingui.config.ts): the badge shows them in the reader's language
 * (src/ui/permit-status-badge.tsx).
 */
export const permitStatusLabels: Readonly<Record<PermitStatus, string>> = {
  ACTIVE: /*i18n*/ 'Active',
  SCHEDULED: /*i18n*/ 'Scheduled',
  QUEUED: /*i18n*/ 'Queued',
  CANCEL_PENDING: /*i18n*/ 'Cancelling…',
  CANCELLED: /*i18n*/ 'Cancelled',
  CANCEL_FAILED: /*i18n*/ 'Cancel failed',
  UPDATE_PENDING: /*i18n*/ 'Updating…',
  UPDATE_FAILED: /*i18n*/ 'Update Failed',
  EXPIRE_PENDING: /*i18n*/ 'Expiring…',
  EXPIRED: /*i18n*/ 'Expired',
  FAILED: /*i18n*/ 'Failed',
  FAILED_LIMIT: /*i18n*/ 'Failed - Limit Exceeded',
};
