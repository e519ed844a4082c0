import * as yup from 'yup';

/** The login form's rules (test/components/auth/login-screen.test.tsx pins the messages). */
export const loginFormSchema = yup.object({
  email: yup.string().trim().required('Email is required'),
  password: yup.string().required('Password is required'),
});
