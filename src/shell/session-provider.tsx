import { useEffect, type ReactNode } from 'react';
import { waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session-machine';
import { setAuthFailureHandler } from '../api/auth-failure-handler';
import { useAppMachine } from './app-machines';
import { inspect } from './inspector';
import { SessionContext } from './session-context';
import { sessionActors } from './session-actors';

/**
 * Lets the API client's 401 interceptor hand a lapsed session to the session actor, which refreshes
 * the token or logs out, and waits until that is settled.
 */
function AuthFailureBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    setAuthFailureHandler(async () => {
      session.send({ type: 'AUTH.FAILED' });
      await waitFor(session, (snapshot) => !snapshot.hasTag('recovering'));
    });
    return () => setAuthFailureHandler(null);
  }, [session]);
  return null;
}

/** Provides the app-wide session actor, with the live identity provider and API behind it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const logic = useAppMachine('session', sessionMachine, sessionActors);
  return (
    <SessionContext.Provider logic={logic} options={{ inspect }}>
      <AuthFailureBridge />
      {children}
    </SessionContext.Provider>
  );
}
