import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from './pages';
import { SessionCheckLayout } from './session-check-layout';
import { useSessionStatus } from './session-hooks';

/**
 * docs/contract.md §2: a spinner while the session is loading, in the page's frame
 * (./session-check-layout.tsx); /login unless signed in.
 */
export function ProtectedRoute() {
  // The session's answer arrives as a store update, which React renders in one go; the signed-in
  // shell's first render is the longest the app does. A deferred status lets React render it in
  // slices, with the browser free to paint and answer in between, while the spinner stays up.
  const status = useDeferredValue(useSessionStatus());
  if (status === 'loading') return <SessionCheckLayout />;
  if (status !== 'signed_in') return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
