import { Link, Stack } from '@chakra-ui/react';
import { ErrorAlert } from '../../../ui/error-alert';
import { Formik } from 'formik';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { resetPasswordMachine } from '../../../../machines/auth/reset-password/reset-password-machine';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { FormBody } from '../../../ui/form-body';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { passwordRuleHint } from '../shared/password-rule-hint';
import { resetPasswordActors } from './reset-password-actors';

/** The form's rules, loaded with its first check (src/ui/validate-with-schema.ts). */
const validateResetPasswordForm = validateWithSchema(() =>
  import('../../../../machines/auth/reset-password/reset-password-form-schema').then(
    (module) => module.resetPasswordFormSchema,
  ),
);

interface ResetPasswordValues {
  password: string;
  confirm_password: string;
}

const initialValues: ResetPasswordValues = { password: '', confirm_password: '' };

const fieldOrder: readonly (keyof ResetPasswordValues)[] = ['password', 'confirm_password'];

/** The new-password form for a link that carries both its uid and its token. */
function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const resetPasswordActor = useAppActor(
    'resetPassword',
    resetPasswordMachine,
    resetPasswordActors,
  );
  const { submitting, succeeded, error } = usePasswordFormState(resetPasswordActor);
  const errorMessage = error?.message ?? null;
  const serverFieldErrors = error?.fieldErrors;

  return (
    <Formik
      initialValues={initialValues}
      {...validateResetPasswordForm}
      onSubmit={({ password }) =>
        resetPasswordActor.send({ type: 'SUBMIT', values: { uid, token, password } })
      }
    >
      <FormBody fieldOrder={fieldOrder} serverFieldErrors={serverFieldErrors}>
        <FormField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText={passwordRuleHint}
        />
        <FormField
          name="confirm_password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <FormSubmission
          label="Reset Password"
          busyLabel="Resetting password..."
          submitting={submitting}
          succeeded={succeeded}
          successMessage="Password reset successful!"
          errorMessage={errorMessage}
        />
        {succeeded && (
          <Link asChild color="teal.700">
            <RouterLink to={paths.login}>Go to Login</RouterLink>
          </Link>
        )}
      </FormBody>
    </Formik>
  );
}

/**
 * Setting a new password from the e-mailed link (docs/contract.md §2 "Reset password", §5 and
 * 8): the link's query carries uid and token; without both there is nothing to reset, so the
 * screen says the link is invalid instead of showing a form that could only fail.
 */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid');
  const token = searchParams.get('token');

  return (
    <FormPage title="Reset Password">
      {uid && token ? (
        <ResetPasswordForm uid={uid} token={token} />
      ) : (
        <Stack gap={4}>
          <ErrorAlert title="Invalid or expired reset link" />
          <Link asChild color="teal.700">
            <RouterLink to={paths.forgotPassword}>Request a new reset link</RouterLink>
          </Link>
        </Stack>
      )}
    </FormPage>
  );
}
