import './zod-in-a-page';
import { z } from 'zod';
import { permitStatuses } from './permit-status';
import {
  normaliseVrm,
  permitFieldMaxLengths,
  permitListPageSize,
  permitSearchMaxLength,
  vrmInvalidMessage,
  vrmPattern,
} from './permit-rules';

/**
 * The /api/v1/permits/ calls (docs/contract.md §3, §4 and §7): the schemas the API host validates
 * requests with and the web app reads answers with; the types are inferred from them. The plain
 * rules (lengths, page size) are in contract/permit-rules.ts, which the forms share.
 */

export const permitStatusSchema = z
  .enum(permitStatuses)
  .meta({ id: 'PermitStatus', description: 'docs/contract.md §4, "Permit statuses".' });

/**
 * Europe/London wall time without an offset, 'yyyy-MM-ddTHH:mm:ss' (seconds optional), as the web
 * app sends it; the host also reads ISO 8601 instants with an offset.
 */
export const timestamp = z.string().max(64).meta({
  description: 'A Europe/London wall time, yyyy-MM-ddTHH:mm:ss.',
  example: '2030-01-31T09:30:00',
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');

const vrm = z
  .string()
  .max(32)
  .transform(normaliseVrm)
  .pipe(
    z
      .string()
      .min(1, { abort: true })
      .max(permitFieldMaxLengths.vrm, { abort: true })
      .refine((value) => vrmPattern.test(value), { message: vrmInvalidMessage }),
  )
  .meta({
    description:
      'The registration; spaces, hyphens and dots are ignored and it is stored upper case.',
  });

/** POST /api/v1/permits/. Unknown keys are ignored. */
export const permitCreatePayloadSchema = z
  .object({
    reference_label: z
      .string()
      .trim()
      .max(permitFieldMaxLengths.reference_label)
      .nullish()
      .meta({ description: 'Sent only when the site lets residents label permits.' }),
    vrm,
    make: z.string().trim().min(1).max(permitFieldMaxLengths.make),
    model: z.string().trim().min(1).max(permitFieldMaxLengths.model),
    colour: optionalText(permitFieldMaxLengths.colour),
    driver_first: optionalText(permitFieldMaxLengths.driver_first),
    driver_last: optionalText(permitFieldMaxLengths.driver_last),
    start_ts: timestamp,
    end_ts: timestamp
      .nullable()
      .meta({ description: 'Null: indefinite, or the site’s automatic end applies.' }),
  })
  .meta({
    id: 'PermitCreatePayload',
    description: 'docs/contract.md §3, "Permit create payload".',
  });
export type PermitCreatePayload = z.input<typeof permitCreatePayloadSchema>;
/** A create payload as the host reads it: texts trimmed, the registration normalised. */
export type PermitCreateInput = z.output<typeof permitCreatePayloadSchema>;

/**
 * PATCH /api/v1/permits/{id}/full_update/: the create payload's start, and an end whose null means
 * indefinite only; a key left out is not changed. Nothing is transformed, so the host reads the
 * payload as the web app sends it: one type for both.
 */
export const permitUpdatePayloadSchema = permitCreatePayloadSchema
  .pick({ start_ts: true })
  .partial()
  .extend({ end_ts: timestamp.nullable().optional().meta({ description: 'Null: indefinite.' }) })
  .meta({
    id: 'PermitUpdatePayload',
    description: 'docs/contract.md §3, "Permit update payload".',
  });
export type PermitUpdatePayload = z.infer<typeof permitUpdatePayloadSchema>;

/** docs/contract.md §3, "Permit". An `end_ts` in year 9999, or the text 'Indefinite', means no end. */
export const permitSchema = z
  .object({
    id: z.number().int(),
    vrm: z.string(),
    make: z.string(),
    model: z.string(),
    colour: z.string(),
    reference_no: z.string(),
    label: z
      .union([z.boolean(), z.string(), z.null()])
      .meta({ description: 'Truthy when the resident gave the permit a reference label.' }),
    driver_first: z.string(),
    driver_last: z.string(),
    status: permitStatusSchema,
    start_ts: z.string(),
    end_ts: z.string(),
  })
  .meta({ id: 'Permit', description: 'docs/contract.md §3, "Permit". Other fields may come.' });
export type Permit = z.infer<typeof permitSchema>;

/**
 * GET /api/v1/permits/: a page of results plus the count (the reference host also links the next
 * and previous pages), or a plain array of every permit.
 */
export const permitListBodySchema = z
  .union([
    z.object({
      count: z.number().int().nonnegative(),
      next: z.string().nullish(),
      previous: z.string().nullish(),
      results: z.array(permitSchema),
    }),
    z.array(permitSchema),
  ])
  .meta({ id: 'PermitList', description: 'docs/contract.md §3, "Permit list response".' });
export type PermitListBody = z.infer<typeof permitListBodySchema>;

/**
 * The query of GET /api/v1/permits/ (docs/contract.md §7). Dates are Europe/London wall times,
 * 'yyyy-MM-ddTHH:mm' or 'yyyy-MM-dd', filtering by creation date; `status` is sent once per value.
 */
export const permitListQuerySchema = z.object({
  status: z
    .array(permitStatusSchema)
    .meta({ description: 'Repeated, once per status wanted; none means every status.' }),
  start_date: z.string().meta({ description: 'Created at or after (Europe/London).' }),
  end_date: z.string().meta({ description: 'Created at or before (Europe/London).' }),
  search: z.string().max(permitSearchMaxLength).meta({
    description:
      'Part of the registration (spaces ignored), reference, make, model, colour or driver.',
  }),
  page: z
    .number()
    .int()
    .min(1)
    .meta({ description: `Pages of ${permitListPageSize}, from 1.` }),
});
export type PermitListRequest = z.infer<typeof permitListQuerySchema>;

/**
 * What the reference host answers to activate, cancel and full_update on a 2xx, as its OpenAPI
 * document says: the permit, which for an update may instead carry an error flag and message
 * (docs/contract.md §8, "Update permit"). The web app reads less (`permitUpdateAnswerSchema`).
 */
export const permitActionBodySchema = permitSchema
  .partial()
  .extend({ error: z.unknown().optional(), message: z.unknown().optional() })
  .meta({ id: 'PermitActionAnswer' });

/**
 * All the web app reads of a 2xx answer to full_update: an error flag and its message
 * (docs/contract.md §7 and §8). Any other body, or none, is the change made: a council's host
 * need not answer with the permit. Activate's and cancel's 2xx answers are not read at all.
 */
export const permitUpdateAnswerSchema = z.object({
  error: z.unknown().optional(),
  message: z.unknown().optional(),
});
export type PermitUpdateAnswer = z.infer<typeof permitUpdateAnswerSchema>;

/** GET /api/v1/permits/permit_cap_info/ (docs/contract.md §3, "Permit-cap info"). */
export const permitCapInfoSchema = z
  .object({
    permits_used: z.number().int(),
    permit_cap_limit: z.number().int().meta({ description: '0 means unlimited.' }),
    permits_remaining: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Null when there is no cap.' }),
    period_name: z.string(),
    permit_cap_type: z
      .string()
      .meta({ description: '"quarterly", or anything else meaning monthly.' }),
  })
  .meta({ id: 'PermitCapInfo', description: 'docs/contract.md §3, "Permit-cap info".' });
export type PermitCapInfo = z.infer<typeof permitCapInfoSchema>;
