import { Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  forgotPasswordMachine,
  type PasswordResetRequest,
} from '../../../../machines/auth/forgot-password/forgot-password-machine';
import { useAppActor } from '../../../shell/app-machines';
import { usePasswordFormState } from '../../../shared/use-password-form-state';
import { paths } from '../../../shell/pages';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { MachineForm, type MachineFormSpec } from '../../../ui/machine-form';
import { forgotPasswordActors } from './forgot-password-actors';

const forgotPasswordForm: MachineFormSpec<PasswordResetRequest> = {
  submitLabel: /*i18n*/ 'Send Reset Link',
  busyLabel: /*i18n*/ 'Sending...',
  successMessage:
    /*i18n*/ 'Check your email: If the email is registered, a reset link has been sent',
  initialValues: { email: '' },
  rules: validateWithSchema(() =>
    import('../../../../machines/auth/forgot-password/forgot-password-form-schema').then(
      (module) => module.forgotPasswordFormSchema,
    ),
  ),
};

/** Calls `onEdit` at the first change of the form's values after the link was sent. */
function EditAfterSuccess({ succeeded, onEdit }: { succeeded: boolean; onEdit: () => void }) {
  const { values } = useFormikContext();
  const valuesAtSuccess = useRef<unknown>(null);
  useEffect(() => {
    if (!succeeded) valuesAtSuccess.current = null;
    else if (valuesAtSuccess.current === null) valuesAtSuccess.current = values;
    else if (valuesAtSuccess.current !== values) onEdit();
  }, [succeeded, values, onEdit]);
  return null;
}

/**
 * Asking for a password reset link (docs/contract.md §2, "Forgot password"). Formik owns the e-mail;
 * the forgot-password machine owns submitting, success and the error. A change to the address
 * after success readies the form to send again.
 */
export function ForgotPasswordScreen() {
  const { i18n } = useLingui();
  const forgotPasswordActor = useAppActor(
    'forgotPassword',
    forgotPasswordMachine,
    forgotPasswordActors,
  );
  const { progress } = usePasswordFormState(forgotPasswordActor);

  return (
    <FormPage
      title={i18n._('Forgot Password')}
      intro={
        <Text>
          {i18n._('Enter the email address of your account and we will send you a reset link.')}
        </Text>
      }
      footer={
        <Link asChild color="teal.700">
          <RouterLink to={paths.login}>{i18n._('Back to login')}</RouterLink>
        </Link>
      }
    >
      <MachineForm
        form={forgotPasswordForm}
        progress={progress}
        onSubmit={({ email }) =>
          forgotPasswordActor.send({ type: 'SUBMIT', values: { email: email.trim() } })
        }
      >
        <FormField name="email" label={i18n._('Email')} type="email" autoComplete="email" />
        <EditAfterSuccess
          succeeded={progress.succeeded}
          onEdit={() => forgotPasswordActor.send({ type: 'EDIT' })}
        />
      </MachineForm>
    </FormPage>
  );
}
