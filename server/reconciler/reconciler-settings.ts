/** How the permit reconciler paces itself; every value in milliseconds except the counts. */
export interface ReconcilerSettings {
  /** Pause between polls when nothing is due (wake() cuts it short). */
  intervalMs: number;
  /** Permits claimed, and processed side by side, per round. */
  batchSize: number;
  /** Provider calls tried for one step before it ends in FAILED, CANCEL_FAILED or UPDATE_FAILED. */
  maxAttempts: number;
  /** Wait after the first failed call; doubled after each further failure. */
  backoffMs: number;
  /** The longest wait between two tries. */
  maxBackoffMs: number;
  /** How long a claim holds a permit; a provider call is abandoned after half of it. */
  leaseMs: number;
}

export const defaultReconcilerSettings: ReconcilerSettings = {
  intervalMs: 1000,
  batchSize: 10,
  maxAttempts: 5,
  backoffMs: 1000,
  maxBackoffMs: 5 * 60 * 1000,
  leaseMs: 60 * 1000,
};

/**
 * The wait before the next try of a step that has now failed `attempts` times: exponential, capped
 * at maxBackoffMs, with "equal jitter" (between half the capped wait and all of it, by `random`
 * in [0, 1)), so that permits failed by one provider outage do not all retry in the same instant.
 * test/server/reconciler-backoff.test.ts pins the bounds.
 */
export function backoffDelay(
  settings: Pick<ReconcilerSettings, 'backoffMs' | 'maxBackoffMs'>,
  attempts: number,
  random: () => number,
): number {
  const capped = Math.min(settings.backoffMs * 2 ** (attempts - 1), settings.maxBackoffMs);
  return Math.round(capped / 2 + (capped / 2) * random());
}
