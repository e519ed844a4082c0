import type { PasswordFormError } from './password-form-machine';

/** docs/contract.md §8, "Forgot password", word for word. */
export const forgotPasswordMessages = {
  failed: 'Failed to send reset email. Please try again.',
} as const;

/**
 * The error for a failed POST /api/v1/auth/password-reset/: the same text whatever the server
 * said, since the resident can only try again (an unknown address is not a failure: the server
 * answers alike for registered and unknown addresses).
 */
export function toForgotPasswordError(): PasswordFormError {
  return { message: forgotPasswordMessages.failed, items: [] };
}
