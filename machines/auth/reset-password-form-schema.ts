import * as yup from 'yup';

/**
 * The reset-password form's rules (test/components/auth/reset-password-screen.test.tsx pins the
 * messages): the password rule itself is the server's to enforce.
 */
export const resetPasswordFormSchema = yup.object({
  password: yup.string().required('New password is required'),
  confirm_password: yup
    .string()
    .required('Please confirm your new password')
    .oneOf([yup.ref('password')], 'Passwords do not match.'),
});
