import { regexes } from 'zod/v4/core';

/**
 * What an e-mail address must look like: the API host's own rule (zod's `email` check, in
 * contract/auth.ts), so the browser refuses what the server would, and GOV.UK's
 * message for an address in the wrong format.
 */
export const emailFormat = {
  pattern: regexes.email,
  message: /*i18n*/ 'Enter an email address in the correct format, like name@example.com',
} as const;
