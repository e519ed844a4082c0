import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  forgotPasswordMachine,
  type PasswordResetRequest,
} from '../../../machines/auth/forgot-password-machine';
import { useAppActor } from '../../shell/app-machines';
import { forgotPasswordFormSchema } from '../../../machines/auth/forgot-password-form-schema';
import { paths } from '../../shell/paths';
import { FocusFirstInvalidField } from '../../ui/focus-first-invalid-field';
import { FormField } from '../../ui/form-field';
import { FormSubmission } from '../../ui/form-submission';

const initialValues: PasswordResetRequest = { email: '' };

const fieldOrder: readonly (keyof PasswordResetRequest)[] = ['email'];

/**
 * Asking for a password reset link (spec section 2, "Forgot password"). Formik owns the e-mail;
 * the forgot-password machine owns submitting, success and the error.
 */
export function ForgotPasswordScreen() {
  const forgotPasswordActor = useAppActor('forgotPassword', forgotPasswordMachine);
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
