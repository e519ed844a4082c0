import { changePasswordFormSchema } from '../../../../machines/settings/change-password/change-password-form-schema';
import { forgotPasswordFormSchema } from '../../../../machines/auth/forgot-password/forgot-password-form-schema';
import { loginFormSchema } from '../../../../machines/auth/login/login-form-schema';
import { registerFormSchema } from '../../../../machines/auth/register/register-form-schema';
import { resetPasswordFormSchema } from '../../../../machines/auth/reset-password/reset-password-form-schema';
import { formErrors } from '../../../../machines/form-errors';
import {
  credentialFields,
  loginCredentialsSchema,
  registrationDetailsSchema,
} from '../../../../contract/auth';

// The longest text the API host stores in each account field, at the limit and one over: the
// forms say so on the field, and the host refuses the same one-over (contract/account-rules.ts
// gives both sides the figure).
const password = `Aa1${'x'.repeat(125)}`;
const email = `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.uk`;
const fitting = {
  invite_code: 'I'.repeat(64),
  email,
  first_name: 'F'.repeat(150),
  last_name: 'L'.repeat(150),
  password,
};
const oneOver = {
  invite_code: `${fitting.invite_code}I`,
  email: `e${email}`,
  first_name: `${fitting.first_name}F`,
  last_name: `${fitting.last_name}L`,
  password: `${password}x`,
};

it('holds each field at the length the host stores', () => {
  expect([password.length, email.length]).toEqual([128, 254]);
  expect(formErrors(registerFormSchema, fitting)).toEqual({});
  expect(registrationDetailsSchema.safeParse(fitting).success).toBe(true);
});

it('tells the register form one character too many on each field', () => {
  expect(formErrors(registerFormSchema, oneOver)).toEqual({
    invite_code: 'Invite code must be 64 characters or fewer',
    email: 'Email must be 254 characters or fewer',
    first_name: 'First name must be 150 characters or fewer',
    last_name: 'Last name must be 150 characters or fewer',
    password: 'Password must be 128 characters or fewer',
  });
  const refused = registrationDetailsSchema.safeParse(oneOver);
  expect(Object.keys(refused.error?.flatten().fieldErrors ?? {}).sort()).toEqual(
    Object.keys(oneOver).sort(),
  );
});

it('tells the sign-in and password forms one character too many', () => {
  expect(formErrors(loginFormSchema, { email: oneOver.email, password: oneOver.password })).toEqual(
    {
      email: 'Email must be 254 characters or fewer',
      password: 'Password must be 128 characters or fewer',
    },
  );
  expect(loginCredentialsSchema.safeParse({ email, password }).success).toBe(true);
  expect(credentialFields.password.safeParse(oneOver.password).success).toBe(false);
  expect(formErrors(forgotPasswordFormSchema, { email: oneOver.email })).toEqual({
    email: 'Email must be 254 characters or fewer',
  });
  expect(
    formErrors(resetPasswordFormSchema, {
      password: oneOver.password,
      confirm_password: oneOver.password,
    }),
  ).toEqual({ password: 'New password must be 128 characters or fewer' });
  expect(
    formErrors(changePasswordFormSchema, {
      current_password: oneOver.password,
      new_password: oneOver.password,
      confirm_password: oneOver.password,
    }),
  ).toEqual({
    current_password: 'Current password must be 128 characters or fewer',
    new_password: 'New password must be 128 characters or fewer',
  });
});
