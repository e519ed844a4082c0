import type { PasswordChange } from '../../../contract/auth';
import { toChangePasswordError } from './change-password-error-message';
import { createPasswordFormMachine } from '../../auth/shared/password-form-machine';

/**
 * What the resident asks: the change (POST /api/v1/auth/change-password/), on the account of
 * `email`, which the app needs to tell whether a change whose answer was lost was made (a sign-in
 * with the new password; `changePassword` in src/api/auth-api.ts).
 */
export interface ChangePasswordRequest extends PasswordChange {
  email: string;
}

/**
 * Change password from Settings (docs/contract.md §2 "Change password", §8): SUBMIT carries
 * the current and the new password, and the resident's e-mail; a refusal shows the server's text,
 * as bullet items when it speaks of the password.
 */
export const changePasswordMachine = createPasswordFormMachine<ChangePasswordRequest>({
  id: 'changePassword',
  description: 'A signed-in resident changing their password.',
  toError: toChangePasswordError,
});
