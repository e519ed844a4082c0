import type { PasswordResetConfirmation } from '../../../contract/auth';
import { createPasswordFormMachine } from '../shared/password-form-machine';
import { toResetPasswordError } from './reset-password-error-message';

/**
 * Setting a new password through the e-mailed link (docs/contract.md §2 "Reset password", §8):
 * SUBMIT carries the link's uid and token with the new password; reaching `success` is the
 * screen's cue for "Password reset successful!".
 */
export const resetPasswordMachine = createPasswordFormMachine<PasswordResetConfirmation>({
  id: 'resetPassword',
  description: 'Choosing a new password with the link from the reset e-mail.',
  toError: toResetPasswordError,
});
