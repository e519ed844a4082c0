import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { attemptCounters } from '../db/schema';

const sweepEvery = 1000;

export interface AttemptThrottleOptions {
  /** Names the throttle's counters in the database: throttles of one name share them. */
  name: string;
  /** Attempts allowed per key within a window; the next is refused until the window ends. */
  limit: number;
  windowMs: number;
}

/**
 * Counts attempts per key (a client address, an account) in fixed windows, in the database, so
 * that every API host sharing it counts together. An attempt is counted before the work it guards
 * (a password hash) and given back when it went well, so a burst of parallel attempts cannot all
 * pass the check before any is counted. Keys are stored hashed: the table holds no e-mail.
 */
export class AttemptThrottle {
  private takenSinceSweep = 0;

  constructor(readonly options: AttemptThrottleOptions) {}

  private counterKey(key: string): string {
    return createHash('sha256').update(`${this.options.name}\u0000${key}`, 'utf8').digest('hex');
  }

  /**
   * Counts one attempt, atomically (one upsert under the row's lock). Answers the attempts counted
   * in the window, this one included, and waitMs: 0 when that is within the limit, otherwise the
   * milliseconds until the window ends.
   */
  async take(db: Database, key: string): Promise<{ attempts: number; waitMs: number }> {
    const windowMs = Math.round(this.options.windowMs);
    const expired = sql`${attemptCounters.windowEndsAt} <= now()`;
    const [counter] = await db
      .insert(attemptCounters)
      .values({
        key: this.counterKey(key),
        attempts: 1,
        windowEndsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          attempts: sql`case when ${expired} then 1 else ${attemptCounters.attempts} + 1 end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${attemptCounters.windowEndsAt} end`,
        },
      })
      .returning({
        attempts: attemptCounters.attempts,
        waitMs: sql<string>`ceil(extract(epoch from ${attemptCounters.windowEndsAt} - now()) * 1000)`,
      });
    if (!counter) throw new Error('Counting an attempt returned no row.');
    await this.sweepOnceInAWhile(db);
    const waitMs = counter.attempts > this.options.limit ? Math.max(1, Number(counter.waitMs)) : 0;
    return { attempts: counter.attempts, waitMs };
  }

  // Housekeeping: once in a while, counters whose window ended long ago go.
  private async sweepOnceInAWhile(db: Database): Promise<void> {
    this.takenSinceSweep += 1;
    if (this.takenSinceSweep < sweepEvery) return;
    this.takenSinceSweep = 0;
    await db
      .delete(attemptCounters)
      .where(sql`${attemptCounters.windowEndsAt} < now() - interval '1 day'`);
  }

  /** Uncounts an attempt that went well (a right password, a good invite code). */
  async giveBack(db: Database, key: string): Promise<void> {
    await db
      .update(attemptCounters)
      .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
      .where(
        and(
          eq(attemptCounters.key, this.counterKey(key)),
          gt(attemptCounters.windowEndsAt, sql`now()`),
        ),
      );
  }
}

/** The throttles of the credential routes. */
export interface CredentialThrottles {
  /** Sign-ins that failed, per client address. */
  loginAddress: AttemptThrottle;
  /** Sign-ins that failed, per account (e-mail), from whichever addresses; over the limit, only
   *  addresses that have been failing are refused (server/routes/auth-routes.ts). */
  loginAccount: AttemptThrottle;
  /** Registrations refused for whatever reason (invite code, registered e-mail), per client address. */
  registrationAddress: AttemptThrottle;
  /**
   * Accounts created, per client address, in an hour: a good invite code with uses to spare does
   * not let one address open accounts without end (each with its own permit allowance).
   */
  accountsCreatedAddress: AttemptThrottle;
  /** Wrong current passwords, per resident. */
  passwordChangeAccount: AttemptThrottle;
  /** Reset requests, whatever the e-mail, and refused reset links, per client address. */
  passwordResetAddress: AttemptThrottle;
  /** Reset requests and refused reset links, per e-mail or resident. */
  passwordResetAccount: AttemptThrottle;
  /** Changes of e-mail preferences, per resident. */
  emailPreferencesAccount: AttemptThrottle;
  /** Changes of the language of e-mails, per resident. */
  languageAccount: AttemptThrottle;
  /** Refused e-mail switch-off links, per client address. */
  mailLinkAddress: AttemptThrottle;
  /**
   * Calls on visitor passes' links that were refused (an unusable link, a refused booking), per
   * client address; the calls that went well are given back (server/routes/visitor-pass-routes.ts).
   */
  visitorPassAddress: AttemptThrottle;
  /** The same, per link (its token's hash), from whichever addresses; over the limit, only
   *  addresses that have been refused are refused, as for sign-in (decision 012). */
  visitorPassToken: AttemptThrottle;
}

const fifteenMinutes = 15 * 60 * 1000;

/** Accounts one client address may create in an hour unless REGISTRATIONS_PER_ADDRESS_PER_HOUR says otherwise. */
export const defaultRegistrationsPerAddressPerHour = 20;

/** The throttle of accounts created per client address: `perHour` in each hour. */
export function accountsCreatedAddressThrottle(perHour: number): AttemptThrottle {
  return new AttemptThrottle({
    name: 'accounts-created-address',
    limit: perHour,
    windowMs: 60 * 60 * 1000,
  });
}

/** The limits the API host runs with unless a test gives others. */
export function defaultCredentialThrottles(): CredentialThrottles {
  const throttle = (name: string, limit: number) =>
    new AttemptThrottle({ name, limit, windowMs: fifteenMinutes });
  return {
    loginAddress: throttle('login-address', 5),
    loginAccount: throttle('login-account', 10),
    registrationAddress: throttle('registration-address', 10),
    accountsCreatedAddress: accountsCreatedAddressThrottle(defaultRegistrationsPerAddressPerHour),
    passwordChangeAccount: throttle('password-change-account', 5),
    passwordResetAddress: throttle('password-reset-address', 10),
    passwordResetAccount: throttle('password-reset-account', 5),
    emailPreferencesAccount: throttle('email-preferences-account', 30),
    languageAccount: throttle('language-account', 30),
    mailLinkAddress: throttle('mail-link-address', 10),
    visitorPassAddress: throttle('visitor-pass-address', 20),
    visitorPassToken: throttle('visitor-pass-token', 20),
  };
}
