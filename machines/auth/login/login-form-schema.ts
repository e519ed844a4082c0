import * as yup from 'yup';
import { accountFieldMaxLengths as longest } from '../../../contract/account-rules';
import { withinHostLength } from '../../field-length';

/** The login form's rules (test/screens/features/auth/login/login-screen.test.tsx pins the messages). */
export const loginFormSchema = yup.object({
  email: withinHostLength(yup.string().trim(), longest.email, /*i18n*/ 'Email').required(
    /*i18n*/ 'Email is required',
  ),
  password: withinHostLength(yup.string(), longest.password, /*i18n*/ 'Password').required(
    /*i18n*/ 'Password is required',
  ),
});
