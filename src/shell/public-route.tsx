import { Box } from '@chakra-ui/react';
import { Navigate } from 'react-router';
import { RoutedPage } from './routed-page';
import { paths } from './paths';
import { useSessionStatus } from './session-hooks';

/** Sign-in, registration and password-reset pages: a signed-in user goes to the dashboard. */
export function PublicRoute() {
  const status = useSessionStatus();
  if (status === 'signed_in') return <Navigate to={paths.dashboard} replace />;
  return (
    <Box as="main" minH="100vh" px={4} py={{ base: 8, md: 16 }} bg="bg.subtle">
      <RoutedPage />
    </Box>
  );
}
