import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { passwordResetTokens, users } from '../db/schema';

export interface IssuedResetToken {
  /** The secret for the link; it exists in clear only here and in the mail. */
  token: string;
  expiresAt: Date;
}

const residentId = z.guid();

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token is the resident's, unused, unexpired, and the account is active. */
function usableToken(uid: string, token: string) {
  return and(
    eq(passwordResetTokens.userId, uid),
    eq(passwordResetTokens.tokenHash, hashOf(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
    sql`exists (select 1 from ${users} where ${users.id} = ${passwordResetTokens.userId} and ${users.isActive})`,
  );
}

/** Marks every outstanding token of the resident used: their links stop working. */
async function revokeOutstanding(db: Database, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Single-use, expiring password-reset tokens (docs/contract.md §2, "Reset password"). A link carries
 * the resident's id as uid and a 256-bit random token; the database keeps the token's SHA-256
 * hash. Times come from the database's clock, so several API processes agree on expiry.
 */
export const resetTokens = {
  async issue(db: Database, userId: string, lifetimeMs: number): Promise<IssuedResetToken> {
    const token = randomBytes(32).toString('base64url');
    // Housekeeping: a resident's spent tokens are of no further use.
    await db
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, userId),
          or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, sql`now()`)),
        ),
      );
    const [issued] = await db
      .insert(passwordResetTokens)
      .values({
        userId,
        tokenHash: hashOf(token),
        expiresAt: sql`now() + ${Math.round(lifetimeMs)}::integer * interval '1 millisecond'`,
      })
      .returning({ expiresAt: passwordResetTokens.expiresAt });
    if (!issued) throw new Error('Inserting the password-reset token returned no row.');
    return { token, expiresAt: issued.expiresAt };
  },

  /** Whether the link would work now, without spending it: a cheap check before hashing. */
  async isUsable(db: Database, uid: string, token: string): Promise<boolean> {
    if (!residentId.safeParse(uid).success) return false;
    const [found] = await db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(usableToken(uid, token));
    return found !== undefined;
  },

  /**
   * Spends the token when it is the resident's, unused, unexpired and the account is active,
   * together with every other outstanding token of that resident. Answers the resident's id, or
   * null when the link is no good (unknown, tampered, used, expired). One statement decides, so
   * two simultaneous uses of one link cannot both succeed.
   */
  async consume(db: Database, uid: string, token: string): Promise<string | null> {
    if (!residentId.safeParse(uid).success) return null;
    const [spent] = await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(usableToken(uid, token))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    await revokeOutstanding(db, spent.userId);
    return spent.userId;
  },

  revokeOutstanding,
};
