import * as yup from 'yup';
import { accountFieldMaxLengths as longest } from '../../../contract/account-rules';
import { withinHostLength } from '../../field-length';

/**
 * The reset-password form's rules (test/screens/features/auth/reset-password/reset-password-screen.test.tsx pins the
 * messages): the password rule itself is the server's to enforce.
 */
export const resetPasswordFormSchema = yup.object({
  password: withinHostLength(yup.string(), longest.password, /*i18n*/ 'New password').required(
    /*i18n*/ 'New password is required',
  ),
  confirm_password: yup
    .string()
    .required(/*i18n*/ 'Please confirm your new password')
    .oneOf([yup.ref('password')], /*i18n*/ 'Passwords do not match.'),
});
