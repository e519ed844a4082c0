import './zod-in-a-page';
import { z } from 'zod';
import { permitCreatePayloadSchema, permitStatusSchema, timestamp } from './permit';
import { siteSettingsSchema } from './site-settings';
import { languageSchema } from './language';

/**
 * Visitor passes (docs/contract.md, "Visitor passes"): a resident sends a link, and the visitor
 * books parking on it with no account, within the resident's own allowance. An optional
 * capability of the reference API host under /api/v1/visitor-passes/: a host without it answers
 * 404 to GET /api/v1/visitor-passes/, and the web app then hides the feature.
 */

/** The rules both sides apply to a pass. */
export const visitorPassRules = {
  /** The longest window a pass may have, from its start to its end. */
  maxWindowDays: 31,
  /** The window a new pass is offered with: from now to this many days ahead. */
  defaultWindowDays: 7,
  /** How many permits one pass may make. */
  maxUses: 10,
  /**
   * How many of a resident's passes may be READY at once: enough for any household, and a bound
   * on what one account can make the host store and list.
   */
  maxReadyPasses: 50,
  /**
   * How many of a resident's other passes (used, ended or withdrawn) the list shows, newest
   * first, beside every READY one: the list stays the same size however many they have sent.
   */
  listedEndedPasses: 50,
  /** The resident's own name for the pass ("Mum", "Plumber"). */
  nameMaxLength: 40,
} as const;

/**
 * What the resident and the visitor are told of a pass that cannot be used, whatever the reason.
 * This and the texts below are English ids (lingui.config.ts): the web app shows them translated.
 */
export const visitorPassUnusableMessage = /*i18n*/ 'This visitor pass can no longer be used';

/** What the visitor is told when the resident's limit or cap has no room left. */
export const inviterHasNoPermitsLeftMessage =
  /*i18n*/ 'The person who invited you has no permits left right now';

/**
 * Why a pass's window is refused (POST /api/v1/visitor-passes/), each under `valid_until`:
 * English ids (lingui.config.ts), shown in the reader's language. A window longer than
 * `maxWindowDays` is refused with a figure, in `hostTextTemplates.visitorPassTooLong`
 * (./host-texts.ts).
 */
export const visitorPassWindowMessages = {
  endBeforeStart: /*i18n*/ 'A visitor pass must end after it starts',
  endInPast: /*i18n*/ 'A visitor pass must end in the future',
} as const;

/**
 * What the visitor is told when the stay asked for does not lie within the pass's window: under
 * `start_ts` when it starts before the window, under `end_ts` when it ends after it (an indefinite
 * end, or the site's automatic end, included).
 */
export const visitorBookingOutsideWindowMessage =
  /*i18n*/ 'Your stay must be within the dates of your visitor pass';

export const visitorPassStates = ['READY', 'USED', 'EXPIRED', 'WITHDRAWN'] as const;
export type VisitorPassState = (typeof visitorPassStates)[number];

export const visitorPassStateSchema = z.enum(visitorPassStates).meta({
  id: 'VisitorPassState',
  description:
    'READY: it may still make a permit. USED: every use is spent. EXPIRED: its window has ended. WITHDRAWN: the resident withdrew it. When several hold, the first of WITHDRAWN, USED, EXPIRED.',
});

/**
 * A key that makes a call safe to send again (a booking, a new pass): a UUID the page makes once
 * and sends with every try (machines/request-key.ts).
 */
export const requestKeySchema = z.uuid();

/** POST /api/v1/visitor-passes/ (signed in). */
export const visitorPassCreatePayloadSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(visitorPassRules.nameMaxLength)
      .nullish()
      .transform((value) => value ?? '')
      .meta({ description: 'The resident’s own name for the pass, for their reference.' }),
    valid_from: timestamp,
    valid_until: timestamp,
    uses: z
      .number()
      .int()
      .min(1)
      .max(visitorPassRules.maxUses)
      .default(1)
      .meta({
        description: `How many permits the pass may make, 1 to ${visitorPassRules.maxUses}.`,
      }),
    create_key: requestKeySchema.nullish().meta({
      description:
        'A UUID sent with every try of one pass: a try with a key already used answers that pass, with a new token.',
    }),
  })
  .meta({ id: 'VisitorPassCreatePayload' });
export type VisitorPassCreatePayload = z.input<typeof visitorPassCreatePayloadSchema>;
export type VisitorPassCreateInput = z.output<typeof visitorPassCreatePayloadSchema>;

/** A resident's pass, as GET /api/v1/visitor-passes/ lists it. The token is never listed. */
export const visitorPassSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    valid_from: z.string(),
    valid_until: z.string(),
    uses_allowed: z.number().int(),
    uses_left: z.number().int(),
    state: visitorPassStateSchema,
    created_at: z.string(),
    permit_ids: z
      .array(z.number().int())
      .meta({ description: 'The permits booked through the pass, which My Permits marks.' }),
  })
  .meta({ id: 'VisitorPass' });
export type VisitorPass = z.infer<typeof visitorPassSchema>;

/** The answer to POST /api/v1/visitor-passes/: the pass and, this once, its token. */
export const visitorPassCreatedSchema = visitorPassSchema
  .extend({
    token: z.string().meta({
      description: 'The secret of the link /visit/<token>; the host keeps only its hash.',
    }),
  })
  .meta({ id: 'VisitorPassCreated' });
export type VisitorPassCreated = z.infer<typeof visitorPassCreatedSchema>;

/**
 * GET /api/v1/visitor-passes/ (signed in): the resident's passes, newest first: every READY one
 * and the newest visitorPassRules.listedEndedPasses of the others.
 */
export const visitorPassListSchema = z
  .object({
    results: z.array(visitorPassSchema),
    ended_passes_left_out: z
      .boolean()
      .optional()
      .meta({
        description:
          'True when older passes that can no longer be used were left out of `results`. A host ' +
          'that lists every pass may leave it out.',
      }),
  })
  .meta({ id: 'VisitorPassList' });
export type VisitorPassList = z.infer<typeof visitorPassListSchema>;

/**
 * GET /api/v1/visitor-passes/visit/{token}/ (public, throttled): what the visitor's page shows.
 * Nothing about the resident but their first name. An unusable or unknown token answers 404 with
 * `visitorPassUnusableMessage`, the same whatever the reason.
 */
export const visitorInvitationSchema = z
  .object({
    inviter_first_name: z.string(),
    valid_from: z.string(),
    valid_until: z.string(),
    site: siteSettingsSchema,
  })
  .meta({ id: 'VisitorInvitation' });
export type VisitorInvitation = z.infer<typeof visitorInvitationSchema>;

/**
 * POST /api/v1/visitor-passes/visit/{token}/book/ (public, throttled): the permit's fields as Add
 * Permit sends them, less the driver and the reference label (made from the pass's name where the
 * site wants one), plus an optional address for a receipt, used once and not stored, and an
 * optional key that makes sending it again safe.
 */
export const visitorBookingPayloadSchema = permitCreatePayloadSchema
  .omit({ reference_label: true, driver_first: true, driver_last: true })
  .extend({
    receipt_email: z
      .email()
      .max(254)
      .nullish()
      .meta({ description: 'Where to send a receipt, once; not stored.' }),
    booking_key: requestKeySchema.nullish().meta({
      description:
        'A UUID sent with every try of one booking: a try with a key already used answers 200 with its permit.',
    }),
  })
  .meta({ id: 'VisitorBookingPayload' });
export type VisitorBookingPayload = z.input<typeof visitorBookingPayloadSchema>;
export type VisitorBookingInput = z.output<typeof visitorBookingPayloadSchema>;

/**
 * POST /api/v1/visitor-passes/visit/{token}/book/ with the language of the visitor's receipt: the
 * visitor has no account, so the page they booked on says which (English when it says none).
 */
export const visitorBookingRequestSchema = visitorBookingPayloadSchema
  .extend({
    language: languageSchema.default('en').meta({
      description: 'The language of the receipt to `receipt_email`; `en` when not given.',
    }),
  })
  .meta({ id: 'VisitorBookingRequest' });
export type VisitorBookingRequest = z.input<typeof visitorBookingRequestSchema>;

/**
 * The visitor's booking: the answer to the booking, and to
 * GET /api/v1/visitor-passes/visit/{token}/bookings/{reference_no}/, which the visitor's page
 * polls for the live status while the pass's window lasts, even once the pass is used up; not
 * once the resident has withdrawn it (then 404, as for an unusable pass).
 */
export const visitorBookingSchema = z
  .object({
    reference_no: z.string(),
    vrm: z.string(),
    make: z.string(),
    model: z.string(),
    colour: z.string(),
    status: permitStatusSchema,
    start_ts: z.string(),
    end_ts: z.string(),
  })
  .meta({ id: 'VisitorBooking' });
export type VisitorBooking = z.infer<typeof visitorBookingSchema>;
