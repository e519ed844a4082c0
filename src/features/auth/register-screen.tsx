import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import type { RegistrationDetails } from '../../../contract/auth';
import { registerMachine } from '../../../machines/auth/register-machine';
import { registerFormSchema } from '../../../machines/auth/register-form-schema';
import { register } from '../../api/auth-api';
import { inspect } from '../../shell/inspector';
import { paths } from '../../shell/paths';
import { FormField } from '../../ui/form-field';
import { FormSubmission } from '../../ui/form-submission';
import { signInWithTokenActor } from './sign-in-with-token-actor';

const liveRegisterMachine = registerMachine.provide({
  actors: {
    requestRegistration: fromPromise(({ input }: { input: RegistrationDetails }) =>
      register(input),
    ),
    signInWithToken: signInWithTokenActor,
  },
});

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
export function RegisterScreen({
  machine = liveRegisterMachine,
}: {
  /** Replaces the live machine (tests give it fake actors or a shorter redirect delay). */
  machine?: typeof registerMachine;
}) {
  const navigate = useNavigate();
  const [logic] = useState(() =>
    machine.provide({ actions: { navigateToLogin: () => navigate(paths.login) } }),
  );
  const registerActor = useActorRef(logic, { inspect });
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
