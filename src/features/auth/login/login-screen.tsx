import { Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { Link as RouterLink } from 'react-router';
import type { LoginCredentials } from '../../../../contract/auth';
import { loginMachine } from '../../../../machines/auth/login/login-machine';
import { getConfig } from '../../../config';
import { notificationBannerTexts } from '../../../../machines/notification-banner-texts';
import { useAppActor } from '../../../shell/app-machines';
import { useFlashOnNextPageWhen } from '../../../shell/flash-message-provider';
import { paths } from '../../../shell/pages';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { MachineForm, type MachineFormSpec } from '../../../ui/machine-form';
import { useSignInProgress } from '../shared/use-sign-in-progress';
import { loginActors } from './login-actors';

const loginForm: MachineFormSpec<LoginCredentials> = {
  submitLabel: /*i18n*/ 'Sign in',
  busyLabel: /*i18n*/ 'Signing in...',
  successMessage: /*i18n*/ 'Login successful! Redirecting to dashboard...',
  initialValues: { email: '', password: '' },
  rules: validateWithSchema<LoginCredentials>(() =>
    import('../../../../machines/auth/login/login-form-schema').then(
      (module) => module.loginFormSchema,
    ),
  ),
};

/**
 * Email and password sign-in (docs/contract.md §2, "Login"). Formik owns the values; the login
 * machine owns submitting, success and the error message. Once signed in, the public-route guard
 * takes the user to the dashboard.
 */
export function LoginScreen() {
  const { i18n } = useLingui();
  const loginActor = useAppActor('login', loginMachine, loginActors);
  const progress = useSignInProgress(loginActor);
  useFlashOnNextPageWhen(progress.succeeded, notificationBannerTexts.signedIn);

  return (
    <FormPage
      title={i18n._('Sign in to {appName}', { appName: getConfig().appName })}
      footer={
        <>
          <Link asChild color="teal.700">
            <RouterLink to={paths.forgotPassword}>{i18n._('Forgot your password?')}</RouterLink>
          </Link>
          <Text>
            {i18n._('New here?')}{' '}
            <Link asChild color="teal.700">
              <RouterLink to={paths.register}>{i18n._('Sign up')}</RouterLink>
            </Link>
          </Text>
        </>
      }
    >
      <MachineForm
        form={loginForm}
        progress={progress}
        onSubmit={(values) => loginActor.send({ type: 'SUBMIT', values })}
      >
        <FormField name="email" label={i18n._('Email')} type="email" autoComplete="email" />
        <FormField
          name="password"
          label={i18n._('Password')}
          type="password"
          autoComplete="current-password"
        />
      </MachineForm>
    </FormPage>
  );
}
