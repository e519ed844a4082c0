import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from './pages';
import { PublicLayout } from './public-layout';
import { useSessionStatus } from './session-hooks';
import { SignedInRedirectHoldContext } from './signed-in-redirect-hold';

/**
 * Sign-in, registration and password-reset pages: a signed-in user goes to the dashboard, once
 * no screen holds the redirect (a success message being read, `useHoldSignedInRedirect`).
 */
export function PublicRoute() {
  const status = useSessionStatus();
  const [holds, setHolds] = useState(0);
  const hold = useCallback(() => {
    setHolds((count) => count + 1);
    return () => setHolds((count) => count - 1);
  }, []);
  // The same element at every render: the session's first answer comes as a store update, which
  // React renders at once, in one task; drawing the page again there held a phone's main thread
  // for about 230 ms at Lighthouse's 4x slowdown (docs/performance.md).
  const page = useMemo(
    () => (
      <SignedInRedirectHoldContext.Provider value={{ hold }}>
        <PublicLayout />
      </SignedInRedirectHoldContext.Provider>
    ),
    [hold],
  );
  if (status === 'signed_in' && holds === 0) return <Navigate to={paths.dashboard} replace />;
  return page;
}
