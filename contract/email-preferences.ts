/**
 * GET/PUT /api/v1/me/email-preferences/ (docs/contract.md, "E-mail preferences"): which permit
 * e-mails the resident gets. An optional capability of the reference API host: a host without it
 * answers 404, and the web app then hides the switches.
 */
export interface EmailPreferences {
  /** A confirmation when a permit is created, becomes active or is cancelled. */
  confirmations: boolean;
  /** An "Ending soon:" reminder before a permit ends. */
  reminders: boolean;
}

export type EmailPreferenceKind = keyof EmailPreferences;

export const emailPreferenceKinds: readonly EmailPreferenceKind[] = ['confirmations', 'reminders'];
