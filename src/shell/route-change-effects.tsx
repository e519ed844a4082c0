import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toSessionStatus } from '../../machines/session-machine';
import { SessionContext } from './session-context';

/**
 * On every route change: scroll to the top, and while signed in ask the session to re-check the
 * user's validity (docs/contract.md §2). The first render is not a change.
 */
export function RouteChangeEffects() {
  const { pathname } = useLocation();
  const session = SessionContext.useActorRef();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    if (toSessionStatus(session.getSnapshot()) === 'signed_in') {
      session.send({ type: 'ROUTE.CHANGED' });
    }
  }, [pathname, session]);

  return null;
}
