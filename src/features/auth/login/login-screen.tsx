import { Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { Link as RouterLink } from 'react-router';
import type { LoginCredentials } from '../../../../contract/auth';
import { loginMachine } from '../../../../machines/auth/login/login-machine';
import { getConfig } from '../../../config';
import { notificationBannerTexts } from '../../../../machines/notification-banner-texts';
import { useAppActor } from '../../../shell/app-machines';
import { useFlashOnNextPageWhen } from '../../../shell/flash-message-provider';
import { paths } from '../../../shell/pages';
import { FormBody } from '../../../ui/form-body';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { FormSubmission } from '../../../ui/form-submission';
import { useSignInSuccess } from '../shared/use-sign-in-success';
import { loginActors } from './login-actors';

/** The form's rules, loaded with its first check (src/ui/validate-with-schema.ts). */
const validateLoginForm = validateWithSchema<LoginCredentials>(() =>
  import('../../../../machines/auth/login/login-form-schema').then(
    (module) => module.loginFormSchema,
  ),
);

const initialValues: LoginCredentials = { email: '', password: '' };

/** The fields in the order the form shows them: the error summary lists their errors so. */
const fieldOrder = ['email', 'password'];

/**
 * Email and password sign-in (docs/contract.md §2, "Login"). Formik owns the values; the login
 * machine owns submitting, success and the error message. Once signed in, the public-route guard
 * takes the user to the dashboard.
 */
export function LoginScreen() {
  const loginActor = useAppActor('login', loginMachine, loginActors);
  const submitting = useSelector(loginActor, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSignInSuccess(loginActor);
  useFlashOnNextPageWhen(succeeded, notificationBannerTexts.signedIn);
  const errorMessage = useSelector(loginActor, (snapshot) =>
    snapshot.matches('error') ? snapshot.context.errorMessage : null,
  );

  return (
    <FormPage
      title={<>Sign in to {getConfig().appName}</>}
      footer={
        <>
          <Link asChild color="teal.700">
            <RouterLink to={paths.forgotPassword}>Forgot your password?</RouterLink>
          </Link>
          <Text>
            New here?{' '}
            <Link asChild color="teal.700">
              <RouterLink to={paths.register}>Sign up</RouterLink>
            </Link>
          </Text>
        </>
      }
    >
      <Formik
        initialValues={initialValues}
        {...validateLoginForm}
        onSubmit={(values) => loginActor.send({ type: 'SUBMIT', values })}
      >
        <FormBody fieldOrder={fieldOrder}>
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          <FormField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          <FormSubmission
            label="Sign in"
            busyLabel="Signing in..."
            submitting={submitting}
            succeeded={succeeded}
            successMessage="Login successful! Redirecting to dashboard..."
            errorMessage={errorMessage}
          />
        </FormBody>
      </Formik>
    </FormPage>
  );
}
