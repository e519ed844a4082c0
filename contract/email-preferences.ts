import './zod-in-a-page';
import { z } from 'zod';

/**
 * GET/PUT /api/v1/me/email-preferences/ (docs/contract.md, "E-mail preferences"): which permit
 * e-mails the resident gets. An optional capability of the reference API host: a host without it
 * answers 404, and the web app then hides the switches.
 */
export const emailPreferencesSchema = z
  .strictObject({
    confirmations: z.boolean().meta({
      description: 'A confirmation when a permit is created, becomes active or is cancelled.',
    }),
    reminders: z
      .boolean()
      .meta({ description: 'An "Ending soon:" reminder before a permit ends.' }),
  })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export type EmailPreferenceKind = keyof EmailPreferences;

export const emailPreferenceKinds: readonly EmailPreferenceKind[] = ['confirmations', 'reminders'];
