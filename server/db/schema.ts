import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  uniqueIndex,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { permitStatuses, type PermitStatus } from '../../contract/permit-status';
import { visitorPassRules } from '../../contract/visitor-pass';

export type PermitCapType = 'monthly' | 'quarterly';

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
    /**
     * Raised by a password change or reset: ID tokens of sessions begun under a lower generation
     * are refused from then on (server/http/authenticate-resident.ts).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** Whether permit confirmations are e-mailed (GET/PUT /api/v1/me/email-preferences/). */
    emailConfirmations: boolean('email_confirmations').notNull().default(true),
    /** Whether an "Ending soon:" reminder is e-mailed before a permit ends. */
    emailReminders: boolean('email_reminders').notNull().default(true),
    /**
     * The key that signs this resident's one-click switch-off links (server/mail/mail-links.ts):
     * random per resident, so a link cannot be guessed or made for someone else.
     */
    mailLinkKey: uuid('mail_link_key').notNull().defaultRandom(),
    /**
     * When the resident opened the link mailed to their address
     * (server/routes/email-verification-routes.ts); null until then. Permit mails go only to a
     * confirmed address.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The language of the resident's e-mails, 'en' or 'cy' (GET/PUT /api/v1/me/language/,
     * contract/language.ts); 'en' until they choose.
     */
    language: text('language').notNull().default('en'),
  },
  (table) => [
    check('users_permit_limit_not_negative', sql`${table.permitLimit} >= 0`),
    check('users_language', sql`${table.language} in ('en', 'cy')`),
  ],
);

/** One row (id 1), created by a migration, holding the site-wide toggles of docs/contract.md §3. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    canAddReference: boolean('can_add_reference').notNull().default(false),
    canSchedulePermits: boolean('can_schedule_permits').notNull().default(true),
    /** 0: the resident picks the end; above 0: permits end that many hours after their start. */
    defaultEndDateLimitHours: integer('default_end_date_limit_hours').notNull().default(0),
    /** The periodic activation cap: activations per resident per calendar month or quarter. */
    permitCapType: text('permit_cap_type').$type<PermitCapType>().notNull().default('monthly'),
    /** 0 means no cap. */
    permitCapLimit: integer('permit_cap_limit').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('site_settings_single_row', sql`${table.id} = 1`),
    check('site_settings_end_limit_not_negative', sql`${table.defaultEndDateLimitHours} >= 0`),
    check('site_settings_cap_type', sql`${table.permitCapType} in ('monthly', 'quarterly')`),
    check('site_settings_cap_limit_not_negative', sql`${table.permitCapLimit} >= 0`),
  ],
);

/**
 * Visitor passes (docs/contract.md, "Visitor passes"): a link a resident sends, on which a visitor
 * with no account books permits that are the resident's. Only the SHA-256 hash of the link's
 * token is kept (server/visitor-passes/visitor-pass-tokens.ts), so a copy of the database books
 * nothing. A pass books while it is not withdrawn, its window has not ended and it has uses left;
 * each booking takes one use, under the row's lock, in the transaction that creates the permit.
 */
export const visitorPasses = pgTable(
  'visitor_passes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The resident's own name for the pass ("Mum"); may be blank. */
    name: text('name').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    usesAllowed: integer('uses_allowed').notNull(),
    usesLeft: integer('uses_left').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key the resident's page sent with the pass (contract/visitor-pass.ts, `create_key`): the
     * same pass sent again finds this one rather than making another.
     */
    createKey: uuid('create_key'),
  },
  (table) => [
    uniqueIndex('visitor_passes_token_hash_idx').on(table.tokenHash),
    uniqueIndex('visitor_passes_create_key_idx')
      .on(table.userId, table.createKey)
      .where(sql`${table.createKey} is not null`),
    index('visitor_passes_user_idx').on(table.userId, table.createdAt),
    check('visitor_passes_ends_after_start', sql`${table.validUntil} > ${table.validFrom}`),
    check(
      'visitor_passes_uses_allowed',
      sql`${table.usesAllowed} between 1 and ${sql.raw(String(visitorPassRules.maxUses))}`,
    ),
    check('visitor_passes_uses_left', sql`${table.usesLeft} between 0 and ${table.usesAllowed}`),
  ],
);

/** A stored visitor pass. */
export type VisitorPassRow = typeof visitorPasses.$inferSelect;

/**
 * Visitor permits. `status` follows docs/contract.md §4; the reconciler (server/reconciler) moves a
 * permit between statuses against the parking provider, claiming it with `lease_expires_at` so a
 * permit whose processing was interrupted is picked up again once the lease runs out.
 * No overlap among one resident's permits for one vehicle in the statuses that hold it (migration
 * 0011, which scoped migration 0003's rule to the resident), and no reused reference number among
 * a resident's held permits (migration 0003), are constraints of the database itself. The list and
 * search indexes are in migration 0004, where `npm run bench` measures them.
 */
export const permits = pgTable(
  'permits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The resident's reference label when one was given (`label` true), otherwise generated. */
    referenceNo: text('reference_no').notNull(),
    label: boolean('label').notNull().default(false),
    /** Upper case, without spaces. */
    vrm: text('vrm').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    colour: text('colour').notNull().default(''),
    driverFirst: text('driver_first').notNull().default(''),
    driverLast: text('driver_last').notNull().default(''),
    status: text('status').$type<PermitStatus>().notNull(),
    startTs: timestamp('start_ts', { withTimezone: true }).notNull(),
    /** An indefinite permit ends at 9999-12-01T00:00:00Z. */
    endTs: timestamp('end_ts', { withTimezone: true }).notNull(),
    /** When the provider made it live; the activation cap counts these per period. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** A change the resident asked for (UPDATE_PENDING) that the provider has not confirmed. */
    pendingStartTs: timestamp('pending_start_ts', { withTimezone: true }),
    pendingEndTs: timestamp('pending_end_ts', { withTimezone: true }),
    /** The provider's own reference once it knows the permit. */
    providerRef: text('provider_ref'),
    /** Provider calls tried for the current step; reset when a step succeeds. */
    attempts: integer('attempts').notNull().default(0),
    /** When the reconciler may next try this permit's current step (backoff); null: now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A reconciler holds the permit until then; a crashed one's lease simply runs out. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Status changes the reconciler has made: part of each provider call's idempotency key
     * (server/reconciler/process-claimed-permit.ts), so a retried step repeats its key and a new
     * step gets a new one.
     */
    reconcilerSteps: integer('reconciler_steps').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The visitor pass a visitor booked this permit on; null for the resident's own. */
    visitorPassId: integer('visitor_pass_id').references(() => visitorPasses.id),
    /**
     * The key the visitor's page sent with the booking (contract/visitor-pass.ts, `booking_key`):
     * the same booking sent again finds its permit by it rather than booking another.
     */
    visitorBookingKey: uuid('visitor_booking_key'),
  },
  (table) => [
    check(
      'permits_status',
      // The contract's list, written out as SQL literals (the same text the migrations hold).
      sql`${table.status} in (${sql.raw(permitStatuses.map((status) => `'${status}'`).join(', '))})`,
    ),
    check('permits_ends_after_start', sql`${table.endTs} > ${table.startTs}`),
    index('permits_status_next_attempt_idx').on(table.status, table.nextAttemptAt),
    index('permits_visitor_pass_idx')
      .on(table.visitorPassId)
      .where(sql`${table.visitorPassId} is not null`),
    uniqueIndex('permits_visitor_booking_key_idx')
      .on(table.visitorPassId, table.visitorBookingKey)
      .where(sql`${table.visitorBookingKey} is not null`),
  ],
);

/** A stored permit, as every part of the host reads it. */
export type PermitRow = typeof permits.$inferSelect;

/**
 * Password-reset links (docs/contract.md §2, "Forgot password" and "Reset password"). Only a SHA-256
 * hash of each token is kept, so a copy of the database opens no accounts. A token works once
 * (`used_at`) and until `expires_at`.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Attempt counters of the throttles (server/auth/attempt-throttle.ts), shared by every API host:
 * one row per throttle and key (hashed), counting attempts in the window ending at
 * `window_ends_at`.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_window_ends_at_idx').on(table.windowEndsAt)],
);

/** What a permit mail tells: created, active or cancelled (confirmations), or ending soon. */
export type PermitMailKind = 'created' | 'active' | 'cancelled' | 'reminder';

/**
 * Permit e-mails to send, one row per permit and kind, so none is sent twice by any number of API
 * hosts and workers (server/mail/claim-due-permit-mails.ts claims them under a lease, as the
 * reconciler claims permits). Confirmations are written by a trigger on `permits` in the same
 * transaction as the change they confirm (migration 0010); reminders by the dispatcher's round.
 * `outcome` stays null until the mail is sent, skipped (switched off, permit no longer held) or
 * given up after its attempts; a mail that fails waits `next_attempt_at` (backoff).
 */
export const permitMails = pgTable(
  'permit_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    permitId: integer('permit_id')
      .notNull()
      .references(() => permits.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PermitMailKind>().notNull(),
    /** The permit's status when the mail was due: what the confirmation says. */
    status: text('status').$type<PermitStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    outcome: text('outcome').$type<'sent' | 'skipped' | 'failed'>(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('permit_mails_permit_kind_idx').on(table.permitId, table.kind),
    check(
      'permit_mails_kind',
      sql`${table.kind} in ('created', 'active', 'cancelled', 'reminder')`,
    ),
    check('permit_mails_outcome', sql`${table.outcome} in ('sent', 'skipped', 'failed')`),
    index('permit_mails_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.outcome} is null`),
  ],
);

/**
 * Every mail sent to a resident's account, for the hourly limit per account
 * (server/mail/account-mail-budget.ts): permit mails, address confirmations and password resets.
 */
export const accountMails = pgTable(
  'account_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_mails_user_sent_idx').on(table.userId, table.sentAt)],
);
