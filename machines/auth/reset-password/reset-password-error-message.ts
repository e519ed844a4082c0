import type { HttpFailure } from '../../http-failure';
import type { PasswordFormError } from '../shared/password-form-machine';
import { serverFieldErrors } from '../../server-field-errors';
import { serverErrorMessages } from '../shared/server-error-messages';

/** docs/contract.md §8, "Reset password", word for word. */
export const resetPasswordMessages = {
  failed: /*i18n*/ 'Password reset failed. Please try again.',
} as const;

/** The fields of POST /api/v1/auth/password-reset-confirm/ (docs/contract.md §3). */
const resetPasswordFields = ['uid', 'token', 'password'] as const;

/**
 * The error for a failed POST /api/v1/auth/password-reset-confirm/: the server's text (an
 * expired link, a refused password), or the generic message when it said nothing readable.
 */
export function toResetPasswordError(failure: HttpFailure): PasswordFormError {
  const messages = serverErrorMessages(failure.body, resetPasswordFields);
  const fieldErrors = serverFieldErrors(failure.body, { password: 'password' });
  return {
    message: messages.join(' ') || resetPasswordMessages.failed,
    items: [],
    ...(fieldErrors && { fieldErrors }),
  };
}
