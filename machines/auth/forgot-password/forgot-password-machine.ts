import { toForgotPasswordError } from './forgot-password-error-message';
import { createPasswordFormMachine } from '../shared/password-form-machine';

/** POST /api/v1/auth/password-reset/ (docs/contract.md §3, "Reset request"). */
export interface PasswordResetRequest {
  email: string;
}

/**
 * Asking for a reset link (docs/contract.md §2 "Forgot password", §8): reaching `success` is the
 * screen's cue for "Check your email: If the email is registered, a reset link has been sent".
 * A resident who then sees a mistyped address corrects it and sends again (EDIT).
 */
export const forgotPasswordMachine = createPasswordFormMachine<PasswordResetRequest>({
  id: 'forgotPassword',
  description: 'Asking for a password-reset link by e-mail.',
  toError: toForgotPasswordError,
  sendAgainAfterEdit: true,
});
