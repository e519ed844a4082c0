import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { users } from './schema';

/**
 * Locks the resident's row until the caller's transaction ends. What one resident may hold or be
 * sent is counted under it, so calls at the same moment on several API hosts count each other.
 * The permit allowance takes the same lock inside its database function
 * (server/db/migrations/0015_permit_allowance_in_one_call.sql).
 */
export async function lockResidentRow(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
