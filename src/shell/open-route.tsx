import { AppLayout } from './app-layout';
import { PageSpinner } from './page-spinner';
import { PublicLayout } from './public-layout';
import { useSessionStatus } from './session-hooks';

/** A page for everyone (the accessibility statement): in the signed-in shell when signed in. */
export function OpenRoute() {
  const status = useSessionStatus();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  return status === 'signed_in' ? <AppLayout /> : <PublicLayout />;
}
