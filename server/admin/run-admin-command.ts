import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { inviteCodes, users } from '../db/schema';
import { isUniqueViolation } from '../db/constraint-violation';
import { siteSettingsStore } from '../site-settings/site-settings-store';
import { AdminCommandError, adminCommandSchema, type AdminResult } from './admin-command';
import { seedDemoDatabase } from './seed-demo-database';

// Unambiguous characters only: codes are read aloud and typed by hand.
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomInviteCode(): string {
  const characters = [...randomBytes(8)].map((byte) => codeAlphabet[byte % codeAlphabet.length]);
  return `KERB-${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

async function setUser(
  db: Database,
  email: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  const updated = await db
    .update(users)
    .set(changes)
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AdminCommandError(`No resident has the e-mail ${email}.`);
}

/** Carries out one administrative command against the database; input is validated here. */
export async function runAdminCommand(db: Database, input: unknown): Promise<AdminResult> {
  const parsed = adminCommandSchema.safeParse(input);
  if (!parsed.success) {
    throw new AdminCommandError(parsed.error.issues.map((issue) => issue.message).join(' '));
  }
  const command = parsed.data;
  switch (command.command) {
    case 'invite.create': {
      const code = command.code ?? randomInviteCode();
      try {
        await db
          .insert(inviteCodes)
          .values({ code, usesRemaining: command.uses, permitLimit: command.permitLimit });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AdminCommandError(`The invite code ${code} already exists.`);
        }
        throw error;
      }
      const uses = command.uses === null ? 'unlimited uses' : `${command.uses} use(s)`;
      return {
        message: `Invite code ${code} created: ${uses}, permit limit ${command.permitLimit}.`,
      };
    }
    case 'settings.set': {
      const { key, value } = command.setting;
      await siteSettingsStore.update(db, { [key]: value });
      return { message: `Site setting ${key} is now ${String(value)}.` };
    }
    case 'cap.set': {
      await siteSettingsStore.updateCap(db, { type: command.type, limit: command.limit });
      const cap =
        command.limit === 0 ? 'no cap' : `${command.limit} activation(s) per resident per period`;
      return { message: `The ${command.type} permit cap is now ${cap}.` };
    }
    case 'user.set-limit':
      await setUser(db, command.email, { permitLimit: command.limit });
      return { message: `The permit limit of ${command.email} is now ${command.limit}.` };
    case 'user.disable':
      await setUser(db, command.email, { isActive: false });
      return { message: `The account ${command.email} is disabled.` };
    case 'user.enable':
      await setUser(db, command.email, { isActive: true });
      return { message: `The account ${command.email} is enabled.` };
    case 'demo.seed': {
      const demo = await seedDemoDatabase(db, command.inviteCode);
      const state = demo.created ? 'created' : 'already present';
      return {
        message: `Demo invite code ${demo.inviteCode}; demo resident ${demo.email} ${state}.`,
        demo,
      };
    }
  }
}
