import { fieldMessages } from '../../drf-field-messages';
import type { HttpFailure } from '../../http-failure';
import { emailFormat } from '../shared/email-format';
import type { PasswordFormError } from '../shared/password-form-machine';

/** docs/contract.md §8, "Forgot password", word for word. */
export const forgotPasswordMessages = {
  failed: /*i18n*/ 'Failed to send reset email. Please try again.',
} as const;

/**
 * The error for a failed POST /api/v1/auth/password-reset/: the same text whatever the server
 * said (an unknown address is not a failure: the server answers alike for registered and unknown
 * addresses). When the server refused the address itself (400 naming `email`), the e-mail field
 * also says how to mend it.
 */
export function toForgotPasswordError(failure: HttpFailure): PasswordFormError {
  const addressRefused = failure.status === 400 && fieldMessages(failure.body, 'email').length > 0;
  return {
    message: forgotPasswordMessages.failed,
    items: [],
    ...(addressRefused && { fieldErrors: { email: emailFormat.message } }),
  };
}
