import { useEffect, type ReactNode } from 'react';
import { fromCallback, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session-machine';
import { setAuthFailureHandler } from '../api/api-client';
import { getProfile, logout } from '../api/auth-api';
import { getIdToken, onIdentityChanged, signOutIdentity } from '../identity/identity';
import { inspect } from './inspector';
import { SessionContext } from './session-context';

const liveSessionMachine = sessionMachine.provide({
  actors: {
    identityListener: fromCallback(({ sendBack }) =>
      onIdentityChanged((user) => sendBack({ type: 'IDENTITY.CHANGED', user })),
    ),
    fetchProfile: fromPromise(() => getProfile()),
    refreshToken: fromPromise(async () => {
      if ((await getIdToken(true)) === null) throw new Error('Nobody is signed in to refresh');
    }),
    logout: fromPromise(async () => {
      // The provider sign-out runs even when the backend logout fails: the user is leaving.
      try {
        await logout();
      } finally {
        await signOutIdentity();
      }
    }),
  },
});

/**
 * Lets the API client's 401 interceptor hand a lapsed session to the session actor, which refreshes
 * the token or logs out, and waits until that is settled.
 */
function AuthFailureBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    setAuthFailureHandler(async () => {
      session.send({ type: 'AUTH_FAILURE' });
      await waitFor(session, (snapshot) => !snapshot.hasTag('recovering'));
    });
    return () => setAuthFailureHandler(null);
  }, [session]);
  return null;
}

/** Provides the app-wide session actor, with the live identity provider and API behind it. */
export function SessionProvider({
  children,
  logic = liveSessionMachine,
}: {
  children: ReactNode;
  logic?: typeof sessionMachine;
}) {
  return (
    <SessionContext.Provider logic={logic} options={{ inspect }}>
      <AuthFailureBridge />
      {children}
    </SessionContext.Provider>
  );
}
