import { passwordMaxLength } from './password-rule';

/**
 * The account rules both sides apply, as plain values (no zod here, as in contract/permit-rules.ts:
 * the sign-in and register forms import them). The API host's zod schemas (contract/auth.ts) and
 * the account forms' Yup schemas (machines/auth/) read them from here, so each is written once.
 */

/** The longest text each account field holds (the specification gives none; these are the host's). */
export const accountFieldMaxLengths = {
  /** RFC 5321's longest address. */
  email: 254,
  first_name: 150,
  last_name: 150,
  invite_code: 64,
  password: passwordMaxLength,
} as const;
