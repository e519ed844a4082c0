import { Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { RegistrationDetails } from '../../../../contract/auth';
import { registerMachine } from '../../../../machines/auth/register/register-machine';
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
import { passwordRuleHint } from '../shared/password-rule-hint';
import { registerActors } from './register-actors';

/** The form's rules, loaded with its first check (src/ui/validate-with-schema.ts). */
const validateRegisterForm = validateWithSchema<RegistrationDetails>(() =>
  import('../../../../machines/auth/register/register-form-schema').then(
    (module) => module.registerFormSchema,
  ),
);

const initialValues: RegistrationDetails = {
  invite_code: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
};

/** The fields in the order the form shows them: the error summary lists their errors so. */
const fieldOrder = ['invite_code', 'email', 'first_name', 'last_name', 'password'];

/**
 * Account creation with an invite code (docs/contract.md §2, "Register"). Formik owns the values; the
 * register machine owns submitting, success, the error message and the redirect to /login after
 * a registration that could not sign the user in.
 */
export function RegisterScreen() {
  const navigate = useNavigate();
  const registerActor = useAppActor('register', registerMachine, registerActors, {
    actions: { navigateToLogin: () => void navigate(paths.login) },
  });
  const submitting = useSelector(registerActor, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSignInSuccess(registerActor);
  useFlashOnNextPageWhen(succeeded, notificationBannerTexts.registered);
  const errorMessage = useSelector(registerActor, (snapshot) =>
    snapshot.matches('error') ? snapshot.context.errorMessage : null,
  );
  const serverFieldErrors = useSelector(
    registerActor,
    (snapshot) => snapshot.context.fieldErrors ?? undefined,
  );
  // The account exists but nobody is signed in: another submit would only be refused.
  const leavingForLogin = useSelector(
    registerActor,
    (snapshot) =>
      snapshot.matches({ error: 'awaitingRedirect' }) || snapshot.matches({ error: 'redirected' }),
  );

  return (
    <FormPage
      title="Create your account"
      footer={
        <>
          <Text>
            Already have an account?{' '}
            <Link asChild color="teal.700">
              <RouterLink to={paths.login}>Sign in</RouterLink>
            </Link>
          </Text>
        </>
      }
    >
      <Formik
        initialValues={initialValues}
        {...validateRegisterForm}
        onSubmit={(values) => registerActor.send({ type: 'SUBMIT', values })}
      >
        <FormBody fieldOrder={fieldOrder} serverFieldErrors={serverFieldErrors}>
          <FormField name="invite_code" label="Invite code" autoComplete="off" />
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          <FormField name="first_name" label="First name" autoComplete="given-name" />
          <FormField name="last_name" label="Last name" autoComplete="family-name" />
          <FormField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            helperText={passwordRuleHint}
          />
          <FormSubmission
            label="Create account"
            busyLabel="Creating account..."
            submitting={submitting}
            succeeded={succeeded}
            successMessage="Registration successful! Redirecting to dashboard..."
            errorMessage={errorMessage}
            disabled={leavingForLogin}
          />
        </FormBody>
      </Formik>
    </FormPage>
  );
}
