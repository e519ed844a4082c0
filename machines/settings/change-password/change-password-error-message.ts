import type { HttpFailure } from '../../http-failure';
import type { PasswordFormError } from '../../auth/shared/password-form-machine';
import { serverFieldErrors } from '../../server-field-errors';
import { serverErrorMessages } from '../../auth/shared/server-error-messages';

/** docs/contract.md §8, "Change password", word for word. */
export const changePasswordMessages = {
  failed: /*i18n*/ 'Password change failed. Please try again.',
} as const;

/** The fields of POST /api/v1/auth/change-password/ (docs/contract.md §3). */
const changePasswordFields = ['current_password', 'new_password'] as const;

/**
 * The error for a failed POST /api/v1/auth/change-password/: the server's text, listed as bullet
 * items when it speaks of the password (a refused new password usually comes with several rules
 * broken at once); the generic message when the server said nothing readable. The items are the
 * server's messages, each split into its sentences by the screen (`sentencesOf`, ../../sentences.ts) once worded in
 * the reader's language, so messages without a full stop still make separate items.
 */
export function toChangePasswordError(failure: HttpFailure): PasswordFormError {
  const messages = serverErrorMessages(failure.body, changePasswordFields);
  if (messages.length === 0) return { message: changePasswordMessages.failed, items: [] };
  const message = messages.join(' ');
  const fieldErrors = serverFieldErrors(failure.body, {
    current_password: 'current_password',
    new_password: 'new_password',
  });
  return {
    message,
    items: /password/i.test(message) ? messages : [],
    ...(fieldErrors && { fieldErrors }),
  };
}
