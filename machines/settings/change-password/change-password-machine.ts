import type { PasswordChange } from '../../../contract/auth';
import { toChangePasswordError } from './change-password-error-message';
import { createPasswordFormMachine } from '../../auth/shared/password-form-machine';

/**
 * Change password from Settings (docs/contract.md §2 "Change password", §8): SUBMIT carries
 * the current and the new password; a refusal shows the server's text, as bullet items when it
 * speaks of the password.
 */
export const changePasswordMachine = createPasswordFormMachine<PasswordChange>({
  id: 'changePassword',
  description: 'A signed-in resident changing their password.',
  toError: toChangePasswordError,
});
