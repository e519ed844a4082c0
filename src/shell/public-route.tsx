import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from './page-spinner';
import { paths } from './paths';
import { useSessionStatus } from './session-hooks';

/** Sign-in, registration and password-reset pages: a signed-in user goes to the dashboard. */
export function PublicRoute() {
  const status = useSessionStatus();
  if (status === 'signed_in') return <Navigate to={paths.dashboard} replace />;
  return (
    <Box as="main" minH="100vh" px={4} py={{ base: 8, md: 16 }} bg="bg.subtle">
      <Suspense fallback={<PageSpinner label="Loading page" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
