import './zod-in-a-page';
import { z } from 'zod';
import { accountFieldMaxLengths } from './account-rules';
import { passwordRuleErrors } from './password-rule';

/**
 * The /api/v1/auth/ calls (docs/contract.md §3 and §7): the schemas the API host validates
 * requests with and the web app reads answers with; the types are inferred from them.
 */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { abort: true })
  .max(accountFieldMaxLengths.email, { abort: true })
  .pipe(z.email())
  .meta({ description: 'An e-mail address; compared without case.', example: 'jane@example.com' });

/** A password as the resident typed it, to compare with the stored one. */
const password = z.string().min(1).max(accountFieldMaxLengths.password);

/** A password being chosen (register, change, reset): it must follow the rule of docs/contract.md §9. */
const newPassword = z
  .string()
  .min(1, { abort: true })
  .max(accountFieldMaxLengths.password, { abort: true })
  .superRefine((value, context) => {
    for (const message of passwordRuleErrors(value)) context.addIssue({ code: 'custom', message });
  })
  .meta({
    description:
      'At least 8 characters, with an upper-case letter, a lower-case letter and a digit.',
  });

const name = (field: 'first_name' | 'last_name') =>
  z.string().trim().min(1).max(accountFieldMaxLengths[field]);

/** The request-body fields every credential call reads the same way. */
export const credentialFields = { email, password, newPassword };

/** POST /api/v1/auth/login/. */
export const loginCredentialsSchema = z
  .object({ email, password })
  .meta({ id: 'LoginCredentials', description: 'docs/contract.md §3, "Login".' });
export type LoginCredentials = z.input<typeof loginCredentialsSchema>;

/** POST /api/v1/auth/register/. */
export const registrationDetailsSchema = z
  .object({
    email,
    first_name: name('first_name'),
    last_name: name('last_name'),
    password: newPassword,
    invite_code: z.string().trim().toUpperCase().min(1).max(accountFieldMaxLengths.invite_code),
  })
  .meta({ id: 'RegistrationDetails', description: 'docs/contract.md §3, "Registration".' });
export type RegistrationDetails = z.input<typeof registrationDetailsSchema>;

/**
 * What login and register answer with on success: a custom token for the identity provider's
 * sign-in, or none and a warning when minting one failed.
 */
export const tokenResponseSchema = z
  .object({
    custom_token: z.string().nullish(),
    warning: z.string().nullish(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** GET /api/v1/auth/profile/. Other fields may come; the app shows these. */
export const profileSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    active_registrations: z.number().int(),
    permit_limit: z.number().int(),
  })
  .meta({ id: 'Profile', description: 'docs/contract.md §3, "Profile".' });
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/v1/auth/change-password/. */
export const passwordChangeSchema = z
  .object({ current_password: password, new_password: newPassword })
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** POST /api/v1/auth/password-reset/. */
export const passwordResetRequestSchema = z.object({ email }).meta({ id: 'PasswordResetRequest' });

/** POST /api/v1/auth/password-reset-confirm/; uid and token come from the mailed link. */
export const passwordResetConfirmationSchema = z
  .object({
    uid: z.string().min(1).max(64),
    token: z.string().min(1).max(256),
    password: newPassword,
  })
  .meta({ id: 'PasswordResetConfirmation' });
export type PasswordResetConfirmation = z.input<typeof passwordResetConfirmationSchema>;

/** A call's answer that is only a message (logout, the password calls, most refusals). */
export const detailSchema = z
  .object({ detail: z.string() })
  .meta({ id: 'Detail', description: 'A message for the resident.' });

/**
 * What change-password answers with: the change ends every session, so it carries a fresh custom
 * token for the device that made it (or a warning when minting failed).
 */
export const passwordChangeResultSchema = tokenResponseSchema
  .extend({ detail: z.string() })
  .meta({ id: 'PasswordChangeResult' });
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;
