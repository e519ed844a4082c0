import * as yup from 'yup';
import { accountFieldMaxLengths as longest } from '../../../contract/account-rules';
import { withinHostLength } from '../../field-length';

/** The register form's rules (test/screens/features/auth/register/register-screen.test.tsx pins the messages). */
export const registerFormSchema = yup.object({
  invite_code: withinHostLength(
    yup.string().trim(),
    longest.invite_code,
    /*i18n*/ 'Invite code',
  ).required(/*i18n*/ 'Invite code is required'),
  email: withinHostLength(yup.string().trim(), longest.email, /*i18n*/ 'Email').required(
    /*i18n*/ 'Email is required',
  ),
  first_name: withinHostLength(
    yup.string().trim(),
    longest.first_name,
    /*i18n*/ 'First name',
  ).required(/*i18n*/ 'First name is required'),
  last_name: withinHostLength(
    yup.string().trim(),
    longest.last_name,
    /*i18n*/ 'Last name',
  ).required(/*i18n*/ 'Last name is required'),
  password: withinHostLength(yup.string(), longest.password, /*i18n*/ 'Password').required(
    /*i18n*/ 'Password is required',
  ),
});
