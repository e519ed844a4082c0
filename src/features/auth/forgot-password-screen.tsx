import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { fromPromise } from 'xstate';
import {
  forgotPasswordMachine,
  type PasswordResetRequest,
} from '../../../machines/auth/forgot-password-machine';
import type { PasswordRequestInput } from '../../../machines/auth/password-form-machine';
import { forgotPasswordFormSchema } from '../../../machines/auth/forgot-password-form-schema';
import { requestPasswordReset } from '../../api/auth-api';
import { inspect } from '../../shell/inspector';
import { paths } from '../../shell/paths';
import { FocusFirstInvalidField } from '../../ui/focus-first-invalid-field';
import { FormField } from '../../ui/form-field';
import { FormSubmission } from '../../ui/form-submission';

const liveForgotPasswordMachine = forgotPasswordMachine.provide({
  actors: {
    sendRequest: fromPromise(({ input }: { input: PasswordRequestInput<PasswordResetRequest> }) =>
      requestPasswordReset(input.request.email),
    ),
  },
});

const initialValues: PasswordResetRequest = { email: '' };

const fieldOrder: readonly (keyof PasswordResetRequest)[] = ['email'];

/**
 * Asking for a password reset link (spec section 2, "Forgot password"). Formik owns the e-mail;
 * the forgot-password machine owns submitting, success and the error.
 */
export function ForgotPasswordScreen({
  machine = liveForgotPasswordMachine,
}: {
  /** Replaces the live machine (tests give it fake actors). */
  machine?: typeof forgotPasswordMachine;
}) {
  const forgotPasswordActor = useActorRef(machine, { inspect });
  const submitting = useSelector(forgotPasswordActor, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSelector(forgotPasswordActor, (snapshot) => snapshot.matches('success'));
  const errorMessage = useSelector(forgotPasswordActor, (snapshot) =>
    snapshot.matches('error') ? (snapshot.context.error?.message ?? null) : null,
  );
  const fieldsRef = useRef<HTMLDivElement>(null);

  return (
    <Card.Root maxW="md" mx="auto">
      <Card.Header gap={2}>
        <Heading as="h1" size="xl">
          Forgot Password
        </Heading>
        <Text>Enter the email address of your account and we will send you a reset link.</Text>
      </Card.Header>
      <Card.Body>
        <Formik
          initialValues={initialValues}
          validationSchema={forgotPasswordFormSchema}
          onSubmit={({ email }) =>
            forgotPasswordActor.send({ type: 'SUBMIT', values: { email: email.trim() } })
          }
        >
          <Form noValidate>
            <FocusFirstInvalidField container={fieldsRef} fieldOrder={fieldOrder} />
            <Stack gap={4} ref={fieldsRef}>
              <FormField name="email" label="Email" type="email" autoComplete="email" />
              <FormSubmission
                label="Send Reset Link"
                busyLabel="Sending..."
                submitting={submitting}
                succeeded={succeeded}
                successMessage="Check your email: If the email is registered, a reset link has been sent"
                errorMessage={errorMessage}
              />
            </Stack>
          </Form>
        </Formik>
      </Card.Body>
      <Card.Footer>
        <Link asChild color="teal.700">
          <RouterLink to={paths.login}>Back to login</RouterLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}
