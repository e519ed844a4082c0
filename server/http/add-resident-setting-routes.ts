import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AttemptThrottle } from '../auth/attempt-throttle';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Identity } from '../identity/firebase-identity';
import { authenticateResident, type Resident } from './authenticate-resident';
import { parseBody } from './parse-body';
import { refuseWhenThrottled } from './refuse-when-throttled';

export interface ResidentSetting<Schema extends z.ZodType> {
  db: Database;
  identity: Identity;
  /** Under /api/v1, e.g. '/me/language/'. */
  path: string;
  /** Counts each resident's changes; over its limit a PUT answers 429 with `tooMany`. */
  throttle: AttemptThrottle;
  tooMany: string;
  /** The body a PUT sends and both verbs answer. */
  schema: Schema;
  read: (resident: Resident) => z.output<Schema>;
  /** The columns of `users` a PUT of `wanted` sets. */
  write: (wanted: z.output<Schema>) => Partial<typeof users.$inferInsert>;
}

/**
 * GET and PUT of one of a resident's own settings, kept with their account (docs/contract.md,
 * "E-mail preferences" and "Language"): only the resident signed in reads or changes it, a PUT is
 * checked against `schema` and throttled per resident, and both answer the setting as stored.
 */
export function addResidentSettingRoutes<Schema extends z.ZodType>(
  app: FastifyInstance,
  setting: ResidentSetting<Schema>,
): void {
  const { db, identity, path, throttle, tooMany, schema, read, write } = setting;

  app.get(path, async (request) => read(await authenticateResident(request, { db, identity })));

  app.put(path, async (request) => {
    const resident = await authenticateResident(request, { db, identity });
    await refuseWhenThrottled(db, throttle, resident.id, tooMany);
    const wanted = parseBody(schema, request.body);
    const [updated] = await db
      .update(users)
      .set(write(wanted))
      .where(eq(users.id, resident.id))
      .returning();
    return read(updated ?? resident);
  });
}
