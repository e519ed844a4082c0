import { z } from 'zod';

/** The demo invite code `npm start` seeds (DEMO_INVITE_CODE overrides it). */
export const defaultDemoInviteCode = 'KERBSIDE-DEMO';
/** Permit limit of an invite code created without --permit-limit, and of the demo code. */
export const defaultPermitLimit = 5;
const maxPermitLimit = 1_000;
const maxEndDateLimitHours = 24 * 366;
const maxPermitCap = 10_000;

const email = z.string().trim().toLowerCase().min(1).max(254);

const siteSettingSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('can_add_reference'), value: z.boolean() }),
  z.object({ key: z.literal('can_schedule_permits'), value: z.boolean() }),
  z.object({
    key: z.literal('default_end_date_limit_hours'),
    value: z.number().int().min(0).max(maxEndDateLimitHours),
  }),
]);

/** Every administrative action, as the CLI sends it to the API host's admin endpoint. */
export const adminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('invite.create'),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{3,63}$/, 'Invite codes are 4–64 letters, digits, - or _.')
      .optional(),
    /** Null: the code never runs out. */
    uses: z.number().int().min(1).nullable(),
    permitLimit: z.number().int().min(0).max(maxPermitLimit),
  }),
  z.object({ command: z.literal('settings.set'), setting: siteSettingSchema }),
  z.object({
    command: z.literal('cap.set'),
    type: z.enum(['monthly', 'quarterly']),
    /** 0: no cap. */
    limit: z.number().int().min(0).max(maxPermitCap),
  }),
  z.object({
    command: z.literal('user.set-limit'),
    email,
    limit: z.number().int().min(0).max(maxPermitLimit),
  }),
  z.object({ command: z.literal('user.disable'), email }),
  z.object({ command: z.literal('user.enable'), email }),
  z.object({ command: z.literal('demo.seed'), inviteCode: z.string().trim().toUpperCase().min(1) }),
]);

export type AdminCommand = z.input<typeof adminCommandSchema>;

export interface DemoSeedResult {
  inviteCode: string;
  email: string;
  password: string;
  /** False when the demo resident already existed. */
  created: boolean;
}

export interface AdminResult {
  /** One line for a person at the terminal. */
  message: string;
  demo?: DemoSeedResult;
}

/** A command that cannot be carried out as asked (unknown e-mail, taken code, bad value). */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}
