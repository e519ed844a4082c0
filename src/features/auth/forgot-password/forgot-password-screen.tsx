import { Link, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { Link as RouterLink } from 'react-router';
import {
  forgotPasswordMachine,
  type PasswordResetRequest,
} from '../../../../machines/auth/forgot-password/forgot-password-machine';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { FormBody } from '../../../ui/form-body';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { forgotPasswordActors } from './forgot-password-actors';

/** The form's rules, loaded with its first check (src/ui/validate-with-schema.ts). */
const validateForgotPasswordForm = validateWithSchema(() =>
  import('../../../../machines/auth/forgot-password/forgot-password-form-schema').then(
    (module) => module.forgotPasswordFormSchema,
  ),
);

const initialValues: PasswordResetRequest = { email: '' };

const fieldOrder: readonly (keyof PasswordResetRequest)[] = ['email'];

/**
 * Asking for a password reset link (docs/contract.md §2, "Forgot password"). Formik owns the e-mail;
 * the forgot-password machine owns submitting, success and the error.
 */
export function ForgotPasswordScreen() {
  const forgotPasswordActor = useAppActor(
    'forgotPassword',
    forgotPasswordMachine,
    forgotPasswordActors,
  );
  const { submitting, succeeded, error } = usePasswordFormState(forgotPasswordActor);
  const errorMessage = error?.message ?? null;
  const serverFieldErrors = error?.fieldErrors;

  return (
    <FormPage
      title="Forgot Password"
      intro={
        <Text>Enter the email address of your account and we will send you a reset link.</Text>
      }
      footer={
        <Link asChild color="teal.700">
          <RouterLink to={paths.login}>Back to login</RouterLink>
        </Link>
      }
    >
      <Formik
        initialValues={initialValues}
        {...validateForgotPasswordForm}
        onSubmit={({ email }) =>
          forgotPasswordActor.send({ type: 'SUBMIT', values: { email: email.trim() } })
        }
      >
        <FormBody fieldOrder={fieldOrder} serverFieldErrors={serverFieldErrors}>
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          <FormSubmission
            label="Send Reset Link"
            busyLabel="Sending..."
            submitting={submitting}
            succeeded={succeeded}
            successMessage="Check your email: If the email is registered, a reset link has been sent"
            errorMessage={errorMessage}
          />
        </FormBody>
      </Formik>
    </FormPage>
  );
}
