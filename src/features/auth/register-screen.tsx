import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { RegistrationDetails } from '../../../contract/auth';
import { registerMachine } from '../../../machines/auth/register-machine';
import { useAppActor } from '../../shell/app-machines';
import { registerFormSchema } from '../../../machines/auth/register-form-schema';
import { paths } from '../../shell/paths';
import { FormField } from '../../ui/form-field';
import { FormSubmission } from '../../ui/form-submission';

const initialValues: RegistrationDetails = {
  invite_code: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
};

/**
 * Account creation with an invite code (spec section 2, "Register"). Formik owns the values; the
 * register machine owns submitting, success, the error message and the redirect to /login after
 * a registration that could not sign the user in.
 */
export function RegisterScreen() {
  const navigate = useNavigate();
  const registerActor = useAppActor('register', registerMachine, {
    actions: { navigateToLogin: () => void navigate(paths.login) },
  });
  const submitting = useSelector(registerActor, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSelector(registerActor, (snapshot) => snapshot.matches('success'));
  const errorMessage = useSelector(registerActor, (snapshot) =>
    snapshot.matches('error') ? snapshot.context.errorMessage : null,
  );
  // The account exists but nobody is signed in: another submit would only be refused.
  const leavingForLogin = useSelector(
    registerActor,
    (snapshot) =>
      snapshot.matches({ error: 'awaitingRedirect' }) || snapshot.matches({ error: 'redirected' }),
  );

  return (
    <Card.Root maxW="md" mx="auto">
      <Card.Header>
        <Heading as="h1" size="xl">
          Create your account
        </Heading>
      </Card.Header>
      <Card.Body>
        <Formik
          initialValues={initialValues}
          validationSchema={registerFormSchema}
          onSubmit={(values) => registerActor.send({ type: 'SUBMIT', values })}
        >
          <Form noValidate>
            <Stack gap={4}>
              <FormField name="invite_code" label="Invite code" autoComplete="off" />
              <FormField name="email" label="Email" type="email" autoComplete="email" />
              <FormField name="first_name" label="First name" autoComplete="given-name" />
              <FormField name="last_name" label="Last name" autoComplete="family-name" />
              <FormField
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                helperText="At least 8 characters, with uppercase, lowercase and numeric characters."
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
            </Stack>
          </Form>
        </Formik>
      </Card.Body>
      <Card.Footer>
        <Text>
          Already have an account?{' '}
          <Link asChild color="teal.700">
            <RouterLink to={paths.login}>Sign in</RouterLink>
          </Link>
        </Text>
      </Card.Footer>
    </Card.Root>
  );
}
