import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { mainContentId } from './skip-link';

/**
 * The frame of a signed-in page: the top bar, the main column, and the footer when there is one.
 * The signed-in shell (./app-layout.tsx) and the page drawn while the session is checked
 * (./session-check-layout.tsx) share it, so the page does not move when one replaces the other.
 */
export function ShellFrame({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" minH="100vh">
      {header}
      <Box
        as="main"
        id={mainContentId}
        tabIndex={-1}
        outline="none"
        flex="1"
        w="full"
        maxW="6xl"
        mx="auto"
        px={{ base: 4, md: 8 }}
        py={6}
      >
        {children}
      </Box>
      {footer}
    </Flex>
  );
}
