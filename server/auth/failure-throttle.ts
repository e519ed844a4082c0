export interface FailureThrottleOptions {
  /** Failures allowed within the window; the next attempt is refused. */
  limit: number;
  windowMs: number;
  now?: () => number;
}

const sweepThreshold = 10_000;

/**
 * Counts failures per client (e.g. failed logins per IP address) in a sliding window and refuses
 * further attempts once the limit is reached, until the oldest failure leaves the window.
 * In memory: each API process counts on its own.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: FailureThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until the client may try again; 0 when it may try now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.options.limit) return 0;
    const oldest = recent[recent.length - this.options.limit] ?? this.now();
    return Math.max(1, oldest + this.options.windowMs - this.now());
  }

  recordFailure(key: string): void {
    if (this.failures.size >= sweepThreshold) this.sweep();
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
