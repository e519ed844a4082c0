import type { FailureThrottle } from '../auth/failure-throttle';
import { HttpError } from './http-error';

/** Answers 429 with a Retry-After while the throttle refuses this client: "<detail> Try again in N seconds." */
export function refuseWhenThrottled(throttle: FailureThrottle, key: string, detail: string): void {
  const waitMs = throttle.retryAfterMs(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(
      429,
      { detail: `${detail} Try again in ${seconds} seconds.` },
      {
        'retry-after': String(seconds),
      },
    );
  }
}
