import { eq } from 'drizzle-orm';
import { passwordHasher } from '../auth/password-hasher';
import type { Database } from '../db/database';
import { inviteCodes, users } from '../db/schema';
import { defaultPermitLimit, type DemoSeedResult } from './admin-command';

const demoResident = {
  email: 'demo@kerbside.test',
  password: 'KerbsideDemo1',
  firstName: 'Demo',
  lastName: 'Resident',
} as const;

/**
 * Creates, when missing, the demo invite code (it never runs out) and the demo resident.
 * Running it again changes nothing.
 */
export async function seedDemoDatabase(db: Database, inviteCode: string): Promise<DemoSeedResult> {
  const code = inviteCode.trim().toUpperCase();
  const passwordHash = await passwordHasher.hash(demoResident.password);
  const created = await db.transaction(async (tx) => {
    await tx
      .insert(inviteCodes)
      .values({ code, usesRemaining: null, permitLimit: defaultPermitLimit })
      .onConflictDoNothing({ target: inviteCodes.code });
    const [invite] = await tx.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    const inserted = await tx
      .insert(users)
      .values({
        email: demoResident.email,
        firstName: demoResident.firstName,
        lastName: demoResident.lastName,
        passwordHash,
        permitLimit: invite?.permitLimit ?? defaultPermitLimit,
        inviteCodeId: invite?.id,
        // The demo address is ours: confirmed, so the demo resident's permit mails go out.
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    return inserted.length > 0;
  });
  return { inviteCode: code, email: demoResident.email, password: demoResident.password, created };
}
