import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useLocation } from 'react-router';
import { NavbarPlaceholder } from './navbar';
import { PageHeader } from './page-header';
import { PageSpinner } from './page-spinner';
import { isHeadedPath } from './page-titles';
import { ShellFrame } from './shell-frame';

/**
 * A signed-in page while the session is checked (docs/contract.md §2: a spinner while the session
 * is loading): the signed-in shell's frame without the navigation, the account menu or the footer,
 * which are for a resident known to be signed in, and the page's heading, where every resident's
 * is the same (src/shell/page-titles.ts), above the spinner. The build draws it into the page's
 * HTML (src/shell/prerender.tsx), so a phone paints the page's frame and heading before any
 * JavaScript has run; the screen then fills the same frame without moving it
 * (docs/performance.md).
 */
export function SessionCheckLayout() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <ShellFrame header={<NavbarPlaceholder />}>
      <Stack gap={6}>
        {isHeadedPath(pathname) && <PageHeader path={pathname} />}
        <PageSpinner label={i18n._('Checking your session')} />
      </Stack>
    </ShellFrame>
  );
}
