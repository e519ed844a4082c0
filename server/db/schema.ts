import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Codes a site administrator hands out; each registration consumes one use. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; residents may type it in any case. */
    code: text('code').notNull().unique(),
    /** Null means the code never runs out (the demo code). */
    usesRemaining: integer('uses_remaining'),
    /** The concurrent-permit limit given to residents who register with this code. */
    permitLimit: integer('permit_limit').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('invite_codes_uses_remaining_not_negative', sql`${table.usesRemaining} >= 0`),
    check('invite_codes_permit_limit_not_negative', sql`${table.permitLimit} >= 0`),
  ],
);

/** Residents. The id doubles as the identity provider's uid in custom tokens. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case so that uniqueness ignores case. */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    permitLimit: integer('permit_limit').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    inviteCodeId: integer('invite_code_id').references(() => inviteCodes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [check('users_permit_limit_not_negative', sql`${table.permitLimit} >= 0`)],
);

/** One row (id 1), created by a migration, holding the site-wide toggles of spec section 3. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    canAddReference: boolean('can_add_reference').notNull().default(false),
    canSchedulePermits: boolean('can_schedule_permits').notNull().default(true),
    /** 0: the resident picks the end; above 0: permits end that many hours after their start. */
    defaultEndDateLimitHours: integer('default_end_date_limit_hours').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('site_settings_single_row', sql`${table.id} = 1`),
    check('site_settings_end_limit_not_negative', sql`${table.defaultEndDateLimitHours} >= 0`),
  ],
);
