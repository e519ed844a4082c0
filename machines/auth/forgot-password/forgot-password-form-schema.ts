import * as yup from 'yup';
import { accountFieldMaxLengths as longest } from '../../../contract/account-rules';
import { withinHostLength } from '../../field-length';
import { emailFormat } from '../shared/email-format';

/**
 * The forgot-password form's rules (test/screens/features/auth/forgot-password/forgot-password-screen.test.tsx pins the
 * messages). A malformed address is the resident's to mend, so it is named on the field rather
 * than sent and refused as "Failed to send reset email".
 */
export const forgotPasswordFormSchema = yup.object({
  email: withinHostLength(yup.string().trim(), longest.email, /*i18n*/ 'Email')
    .required(/*i18n*/ 'Email is required')
    .matches(emailFormat.pattern, emailFormat.message),
});
