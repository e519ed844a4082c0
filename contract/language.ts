import './zod-in-a-page';
import { z } from 'zod';
import { mailLanguages } from './languages';
import { visitorBookingPayloadSchema } from './visitor-pass';

/** Refusals in Django REST framework's words, as server/http/parse-body.ts gives the others. */
export const languageSchema = z
  .enum(mailLanguages, {
    error: (issue) =>
      issue.input === undefined
        ? 'This field is required.'
        : issue.input === null
          ? 'This field may not be null.'
          : `"${String(issue.input)}" is not a valid choice.`,
  })
  .meta({
    id: 'Language',
    description: '`en` (English) or `cy` (Cymraeg, Welsh).',
  });

/**
 * GET/PUT /api/v1/me/language/ (docs/contract.md, "Language"): the language the host writes the
 * resident's e-mails in. An optional capability of the reference API host: a host without it
 * answers 404, and the web app then keeps the choice on the device alone.
 */
export const languagePreferenceSchema = z
  .strictObject({
    language: languageSchema.meta({
      description: 'The language of the resident’s e-mails; `en` for one who never chose.',
    }),
  })
  .meta({ id: 'LanguagePreference' });
export type LanguagePreference = z.infer<typeof languagePreferenceSchema>;

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
