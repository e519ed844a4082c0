import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { HttpError } from './http-error';
import { hostTextTemplates } from '../../contract/host-texts';
import { filledTemplate } from '../../contract/filled-template';

export interface RefusalOptions {
  /** Count the attempt, but let it through even over the limit. */
  spare?: boolean;
}

/**
 * Counts this attempt against the throttle, and answers 429 with a Retry-After when it is over
 * the limit: "<detail> Try again in N seconds." ("in 1 second."). Answers the attempts counted
 * in the window, this one included.
 */
export async function refuseWhenThrottled(
  db: Database,
  throttle: AttemptThrottle,
  key: string,
  detail: string,
  options: RefusalOptions = {},
): Promise<number> {
  const { attempts, waitMs } = await throttle.take(db, key);
  if (waitMs > 0 && !options.spare) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(
      429,
      {
        detail: filledTemplate(
          seconds === 1 ? hostTextTemplates.tryAgainInOneSecond : hostTextTemplates.tryAgainIn,
          { refusal: detail, seconds },
        ),
      },
      { 'retry-after': String(seconds) },
    );
  }
  return attempts;
}
