import { useLingui } from '@lingui/react';
import { AppLayout } from './app-layout';
import { PageSpinner } from './page-spinner';
import { PublicLayout } from './public-layout';
import { useSessionStatus } from './session-hooks';

/** A page for everyone (the accessibility statement): in the signed-in shell when signed in. */
export function OpenRoute() {
  const { i18n } = useLingui();
  const status = useSessionStatus();
  if (status === 'loading') return <PageSpinner label={i18n._('Checking your session')} />;
  return status === 'signed_in' ? <AppLayout /> : <PublicLayout />;
}
