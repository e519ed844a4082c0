import { PgDatabase } from 'drizzle-orm/pg-core';
import { defaultDemoInviteCode, type DemoSeedResult } from './admin/admin-command';
import { seedDemoDatabase } from './admin/seed-demo-database';
import { dispatchAdminCommand } from './admin/dispatch-admin-command';
import type { Database, DatabaseOptions } from './db/database';

/**
 * Seeds, idempotently, the demo invite code (DEMO_INVITE_CODE, default KERBSIDE-DEMO; it never
 * runs out) and the demo resident, and says how to use them. Give it an open database, or the
 * DATA_DIR / DATABASE_URL options: then it works like the admin CLI, through a running API host's
 * admin endpoint when one holds the embedded database, or by opening the database itself.
 */
export async function seedDemo(
  target: Database | DatabaseOptions,
  inviteCode: string = process.env.DEMO_INVITE_CODE || defaultDemoInviteCode,
): Promise<DemoSeedResult> {
  if (target instanceof PgDatabase) return seedDemoDatabase(target, inviteCode);
  const result = await dispatchAdminCommand(target, { command: 'demo.seed', inviteCode });
  if (!result.demo) throw new Error('The demo seed returned no demo resident.');
  return result.demo;
}
