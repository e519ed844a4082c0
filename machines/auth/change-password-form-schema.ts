import * as yup from 'yup';

/**
 * The change-password form's rules (test/components/settings/change-password-screen.test.tsx pins
 * the messages): the password rule itself is the server's to enforce; the form only states it.
 */
export const changePasswordFormSchema = yup.object({
  current_password: yup.string().required('Current password is required'),
  new_password: yup.string().required('New password is required'),
  confirm_password: yup
    .string()
    .required('Please confirm your new password')
    .oneOf([yup.ref('new_password')], 'New passwords do not match'),
});
