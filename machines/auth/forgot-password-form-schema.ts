import * as yup from 'yup';

/**
 * The forgot-password form's rules (test/components/auth/forgot-password-screen.test.tsx pins the
 * message).
 */
export const forgotPasswordFormSchema = yup.object({
  email: yup.string().trim().required('Email is required'),
});
