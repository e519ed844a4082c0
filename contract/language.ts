import './zod-in-a-page';
import { z } from 'zod';
import { mailLanguages } from './languages';

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
