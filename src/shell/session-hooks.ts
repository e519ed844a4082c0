import { useCallback } from 'react';
import type { Profile } from '../../contract/auth';
import { toSessionStatus, type SessionStatus } from '../../machines/session-machine';
import { notificationBannerTexts } from '../../machines/notification-banner-texts';
import { useFlashMessage } from './flash-message-provider';
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

/** Signs out, and says so on the page the resident lands on (the sign-in page). */
export function useLogout(): () => void {
  const session = SessionContext.useActorRef();
  const { raise } = useFlashMessage();
  return useCallback(() => {
    raise(notificationBannerTexts.signedOut, { onNextPage: true });
    session.send({ type: 'LOGOUT' });
  }, [session, raise]);
}
