import { defaultMailsPerAccountPerHour } from './account-mail-budget';
import {
  defaultReconcilerSettings,
  type ReconcilerSettings,
} from '../reconciler/reconciler-settings';

/**
 * How the permit mail dispatcher paces itself: polls, batches, backoff and leases as the
 * reconciler's (server/reconciler/reconciler-settings.ts), applied to mails.
 */
export interface PermitMailSettings extends Pick<
  ReconcilerSettings,
  'intervalMs' | 'batchSize' | 'backoffMs' | 'maxBackoffMs' | 'leaseMs'
> {
  /** Tries of one mail before it is given up (its permit is untouched either way). */
  maxAttempts: number;
  /** How long before a permit's end its "Ending soon:" reminder is due (PERMIT_REMINDER_MINUTES). */
  reminderLeadMs: number;
  /** Mails one account may be sent in an hour, all kinds together (account-mail-budget.ts). */
  mailsPerAccountPerHour: number;
}

/** Polls and leases as the reconciler's; mails go in larger batches and are tried for longer. */
export const defaultPermitMailSettings: PermitMailSettings = {
  ...defaultReconcilerSettings,
  batchSize: 20,
  maxAttempts: 8,
  backoffMs: 5000,
  maxBackoffMs: 30 * 60 * 1000,
  reminderLeadMs: 60 * 60 * 1000,
  mailsPerAccountPerHour: defaultMailsPerAccountPerHour,
};
