import { useCallback } from 'react';
import type { Profile } from '../../contract/auth';
import { toSessionStatus, type SessionStatus } from '../../machines/session-machine';
import { SessionContext } from './session-context';

export function useSessionStatus(): SessionStatus {
  return SessionContext.useSelector(toSessionStatus);
}

export function useProfile(): Profile | null {
  return SessionContext.useSelector((snapshot) => snapshot.context.profile);
}

/** The signed-in resident's uid at the identity provider; null while nobody is signed in. */
export function useSignedInUid(): string | null {
  return SessionContext.useSelector((snapshot) => snapshot.context.user?.uid ?? null);
}

export function useLogout(): () => void {
  const session = SessionContext.useActorRef();
  return useCallback(() => session.send({ type: 'LOGOUT' }), [session]);
}
