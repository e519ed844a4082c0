import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { refuseWhenThrottled } from './refuse-when-throttled';

/** What an attempt on an account counts against: its client address and the account itself. */
export interface AddressAndAccountThrottles {
  address: AttemptThrottle;
  account: AttemptThrottle;
}

/**
 * Counts an attempt on an account (a sign-in, a reset link asked for or used) per client address
 * and per account, before the work it guards, and answers 429 as refuseWhenThrottled does when
 * the address is over its limit, or the account is and this address has tried before. An account
 * over its limit refuses only addresses that have been trying: the first attempt from an address
 * is still let through, so trying on a resident's behalf, from however many addresses, cannot
 * lock the resident out, and a guesser spread over many addresses gets one try from each
 * (test/server/login.test.ts).
 */
export async function refuseWhenAddressOrAccountThrottled(
  db: Database,
  throttles: AddressAndAccountThrottles,
  keys: { address: string; account: string },
  detail: string,
): Promise<void> {
  const addressAttempts = await refuseWhenThrottled(db, throttles.address, keys.address, detail);
  await refuseWhenThrottled(db, throttles.account, keys.account, detail, {
    spare: addressAttempts === 1,
  });
}
