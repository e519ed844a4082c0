/** How the permit mail dispatcher paces itself; every value in milliseconds except the counts. */
export interface PermitMailSettings {
  /** Pause between polls when nothing is due (wake() cuts it short). */
  intervalMs: number;
  /** Mails claimed, and sent side by side, per round. */
  batchSize: number;
  /** Tries of one mail before it is given up (its permit is untouched either way). */
  maxAttempts: number;
  /** Wait after the first failed try; doubled after each further failure. */
  backoffMs: number;
  /** The longest wait between two tries. */
  maxBackoffMs: number;
  /** How long a claim holds a mail; a crashed sender's claim simply runs out. */
  leaseMs: number;
  /** How long before a permit's end its "Ending soon:" reminder is due (PERMIT_REMINDER_MINUTES). */
  reminderLeadMs: number;
}

export const defaultPermitMailSettings: PermitMailSettings = {
  intervalMs: 1000,
  batchSize: 20,
  maxAttempts: 8,
  backoffMs: 5000,
  maxBackoffMs: 30 * 60 * 1000,
  leaseMs: 60 * 1000,
  reminderLeadMs: 60 * 60 * 1000,
};
