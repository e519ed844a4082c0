import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../../machines/auth/login/login-machine';
import type { registerMachine } from '../../../../machines/auth/register/register-machine';
import { useHoldSignedInRedirect } from '../../../shell/signed-in-redirect-hold';

/**
 * Whether the sign-in of `actor` (login or register, machines/auth/shared/token-sign-in-machine-config.ts)
 * succeeded, for the screen's success message. The session may see the new user before that
 * message has been read, so the redirect of the signed-in user is held from the sign-in until
 * the machine's `successMessageHold` has passed.
 */
export function useSignInSuccess(
  actor: ActorRefFrom<typeof loginMachine> | ActorRefFrom<typeof registerMachine>,
): boolean {
  // The two machines share these states; one of them stands for both here.
  const signIn = actor as ActorRefFrom<typeof loginMachine>;
  useHoldSignedInRedirect(
    useSelector(
      signIn,
      (snapshot) => snapshot.matches({ submitting: 'signingIn' }) || snapshot.matches('success'),
    ),
  );
  return useSelector(
    signIn,
    (snapshot) => snapshot.matches('success') || snapshot.matches('signedIn'),
  );
}
