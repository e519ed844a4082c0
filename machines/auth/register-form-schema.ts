import * as yup from 'yup';

/** The register form's rules (test/components/auth/register-screen.test.tsx pins the messages). */
export const registerFormSchema = yup.object({
  invite_code: yup.string().trim().required('Invite code is required'),
  email: yup.string().trim().required('Email is required'),
  first_name: yup.string().trim().required('First name is required'),
  last_name: yup.string().trim().required('Last name is required'),
  password: yup.string().required('Password is required'),
});
