import { Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { RegistrationDetails } from '../../../../contract/auth';
import { registerMachine } from '../../../../machines/auth/register/register-machine';
import { notificationBannerTexts } from '../../../../machines/notification-banner-texts';
import { useAppActor } from '../../../shell/app-machines';
import { useFlashOnNextPageWhen } from '../../../shell/flash-message-provider';
import { paths } from '../../../shell/pages';
import { validateWithSchema } from '../../../ui/validate-with-schema';
import { FormField } from '../../../ui/form-field';
import { FormPage } from '../../../ui/form-page';
import { MachineForm, type MachineFormSpec } from '../../../ui/machine-form';
import { useSignInProgress } from '../shared/use-sign-in-progress';
import { passwordRuleHint } from '../shared/password-rule-hint';
import { registerActors } from './register-actors';

const registerForm: MachineFormSpec<RegistrationDetails> = {
  submitLabel: /*i18n*/ 'Create account',
  busyLabel: /*i18n*/ 'Creating account...',
  successMessage: /*i18n*/ 'Registration successful! Redirecting to dashboard...',
  initialValues: {
    invite_code: '',
    email: '',
    first_name: '',
    last_name: '',
    password: '',
  },
  rules: validateWithSchema<RegistrationDetails>(() =>
    import('../../../../machines/auth/register/register-form-schema').then(
      (module) => module.registerFormSchema,
    ),
  ),
};

/**
 * Account creation with an invite code (docs/contract.md §2, "Register"). Formik owns the values; the
 * register machine owns submitting, success, the error message and the redirect to /login after
 * a registration that could not sign the user in.
 */
export function RegisterScreen() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const registerActor = useAppActor('register', registerMachine, registerActors, {
    actions: { navigateToLogin: () => void navigate(paths.login) },
  });
  const progress = useSignInProgress(registerActor);
  useFlashOnNextPageWhen(progress.succeeded, notificationBannerTexts.registered);
  // The account exists but nobody is signed in: another submit would only be refused.
  const leavingForLogin = useSelector(
    registerActor,
    (snapshot) =>
      snapshot.matches({ error: 'awaitingRedirect' }) || snapshot.matches({ error: 'redirected' }),
  );

  return (
    <FormPage
      title={i18n._('Create your account')}
      footer={
        <>
          <Text>
            {i18n._('Already have an account?')}{' '}
            <Link asChild color="teal.700">
              <RouterLink to={paths.login}>{i18n._('Sign in')}</RouterLink>
            </Link>
          </Text>
        </>
      }
    >
      <MachineForm
        form={registerForm}
        progress={progress}
        onSubmit={(values) => registerActor.send({ type: 'SUBMIT', values })}
        submitDisabled={leavingForLogin}
      >
        <FormField name="invite_code" label={i18n._('Invite code')} autoComplete="off" />
        <FormField name="email" label={i18n._('Email')} type="email" autoComplete="email" />
        <FormField name="first_name" label={i18n._('First name')} autoComplete="given-name" />
        <FormField name="last_name" label={i18n._('Last name')} autoComplete="family-name" />
        <FormField
          name="password"
          label={i18n._('Password')}
          type="password"
          autoComplete="new-password"
          helperText={i18n._(passwordRuleHint)}
        />
      </MachineForm>
    </FormPage>
  );
}
