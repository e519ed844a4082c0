import * as yup from 'yup';
import { accountFieldMaxLengths as longest } from '../../../contract/account-rules';
import { withinHostLength } from '../../field-length';

/**
 * The change-password form's rules (test/screens/features/settings/change-password/change-password-screen.test.tsx pins
 * the messages): the password rule itself is the server's to enforce; the form only states it.
 */
export const changePasswordFormSchema = yup.object({
  current_password: withinHostLength(
    yup.string(),
    longest.password,
    /*i18n*/ 'Current password',
  ).required(/*i18n*/ 'Current password is required'),
  new_password: withinHostLength(yup.string(), longest.password, /*i18n*/ 'New password').required(
    /*i18n*/ 'New password is required',
  ),
  confirm_password: yup
    .string()
    .required(/*i18n*/ 'Please confirm your new password')
    .oneOf([yup.ref('new_password')], /*i18n*/ 'New passwords do not match'),
});
