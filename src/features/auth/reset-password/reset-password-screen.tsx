import { Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { ErrorAlert } from '../../../ui/error-alert';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { resetPasswordMachine } from '../../../../machines/auth/reset-password/reset-password-machine';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { MachineForm, type MachineFormSpec } from '../../../ui/machine-form';
import { passwordRuleHint } from '../shared/password-rule-hint';
import { resetPasswordActors } from './reset-password-actors';

interface ResetPasswordValues {
  password: string;
  confirm_password: string;
}

const resetPasswordForm: MachineFormSpec<ResetPasswordValues> = {
  submitLabel: /*i18n*/ 'Reset Password',
  busyLabel: /*i18n*/ 'Resetting password...',
  successMessage: /*i18n*/ 'Password reset successful!',
  initialValues: { password: '', confirm_password: '' },
  rules: validateWithSchema(() =>
    import('../../../../machines/auth/reset-password/reset-password-form-schema').then(
      (module) => module.resetPasswordFormSchema,
    ),
  ),
};

/** The new-password form for a link that carries both its uid and its token. */
function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const { i18n } = useLingui();
  const resetPasswordActor = useAppActor(
    'resetPassword',
    resetPasswordMachine,
    resetPasswordActors,
  );
  const { progress } = usePasswordFormState(resetPasswordActor);

  return (
    <MachineForm
      form={resetPasswordForm}
      progress={progress}
      onSubmit={({ password }) =>
        resetPasswordActor.send({ type: 'SUBMIT', values: { uid, token, password } })
      }
      afterSubmission={
        progress.succeeded && (
          <Link asChild color="teal.700">
            <RouterLink to={paths.login}>{i18n._('Go to Login')}</RouterLink>
          </Link>
        )
      }
    >
      <FormField
        name="password"
        label={i18n._('New password')}
        type="password"
        autoComplete="new-password"
        helperText={i18n._(passwordRuleHint)}
      />
      <FormField
        name="confirm_password"
        label={i18n._('Confirm new password')}
        type="password"
        autoComplete="new-password"
      />
    </MachineForm>
  );
}

/**
 * Setting a new password from the e-mailed link (docs/contract.md §2 "Reset password", §5 and
 * 8): the link's query carries uid and token; without both there is nothing to reset, so the
 * screen says the link is invalid instead of showing a form that could only fail.
 */
export function ResetPasswordScreen() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid');
  const token = searchParams.get('token');

  return (
    <FormPage title={i18n._('Reset Password')}>
      {uid && token ? (
        <ResetPasswordForm uid={uid} token={token} />
      ) : (
        <Stack gap={4}>
          <ErrorAlert title={i18n._('Invalid or expired reset link')} />
          <Link asChild color="teal.700">
            <RouterLink to={paths.forgotPassword}>{i18n._('Request a new reset link')}</RouterLink>
          </Link>
        </Stack>
      )}
    </FormPage>
  );
}
