import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from './page-spinner';
import { paths } from './paths';
import { useSessionStatus } from './session-hooks';

/** docs/contract.md §2: a spinner while the session is loading, /login unless signed in. */
export function ProtectedRoute() {
  const status = useSessionStatus();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status !== 'signed_in') return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
