import { z } from 'zod';
import { referenceLabelMaxLength } from '../../contract/permit';

/** Seconds-old "now" starts from the web app are still "now"; older starts are refused. */
export const pastStartToleranceMs = 5 * 60 * 1000;
/** A scheduled start must be at least this far ahead (docs/contract.md §9); nearer counts as now. */
export const minimumScheduleLeadMs = 60 * 1000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');

const timestamp = z.string().max(64);

/** Registration marks: letters and digits, spaces ignored, stored upper-case. */
const vrm = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { abort: true })
      .max(10, { abort: true })
      .refine((value) => /^[A-Z0-9]+$/.test(value), {
        message: 'Enter a valid registration number (letters and digits only).',
      }),
  );

/** POST /api/v1/permits/ (docs/contract.md §3, "Permit create payload"). Unknown keys are ignored. */
export const createPermitSchema = z.object({
  reference_label: z.string().trim().max(referenceLabelMaxLength).nullish(),
  vrm,
  make: z.string().trim().min(1).max(50),
  model: z.string().trim().min(1).max(50),
  colour: optionalText(30),
  driver_first: optionalText(50),
  driver_last: optionalText(50),
  start_ts: timestamp,
  /** Null: indefinite, or the site's automatic end applies. */
  end_ts: timestamp.nullable(),
});

/** PATCH /api/v1/permits/{id}/full_update/: a key left out is not changed. */
export const updatePermitSchema = z.object({
  start_ts: timestamp.optional(),
  /** Null: indefinite. */
  end_ts: timestamp.nullable().optional(),
});

export type CreatePermitInput = z.output<typeof createPermitSchema>;
export type UpdatePermitInput = z.output<typeof updatePermitSchema>;
