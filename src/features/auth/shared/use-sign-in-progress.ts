import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../../machines/auth/login/login-machine';
import type { registerMachine } from '../../../../machines/auth/register/register-machine';
import { useHoldSignedInRedirect } from '../../../shell/signed-in-redirect-hold';
import type { SubmissionProgress } from '../../../ui/form-submission';

/**
 * Where the sign-in of `actor` (login or register, machines/auth/shared/token-sign-in-machine-config.ts)
 * stands, for the screen's form. The session may see the new user before the success message
 * has been read, so the redirect of the signed-in user is held from the sign-in until the
 * machine's `successMessageHold` has passed. A message the machine holds as a descriptor (the
 * server's warning inside the spec's words) is put in the reader's language here, since the form
 * shows text.
 */
export function useSignInProgress(
  actor: ActorRefFrom<typeof loginMachine> | ActorRefFrom<typeof registerMachine>,
): SubmissionProgress {
  // The two machines share these states and this context; one of them stands for both here.
  const signIn = actor as ActorRefFrom<typeof loginMachine>;
  const { i18n } = useLingui();
  useHoldSignedInRedirect(
    useSelector(
      signIn,
      (snapshot) => snapshot.matches({ submitting: 'signingIn' }) || snapshot.matches('success'),
    ),
  );
  const submitting = useSelector(signIn, (snapshot) => snapshot.matches('submitting'));
  const succeeded = useSelector(
    signIn,
    (snapshot) => snapshot.matches('success') || snapshot.matches('signedIn'),
  );
  const error = useSelector(signIn, (snapshot) =>
    snapshot.matches('error') ? snapshot.context.errorMessage : null,
  );
  const errorMessage =
    error === null ? null : typeof error === 'string' ? i18n._(error) : i18n._(error);
  const fieldErrors = useSelector(signIn, (snapshot) => snapshot.context.fieldErrors ?? undefined);
  return { submitting, succeeded, errorMessage, fieldErrors };
}
