import { Heading, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { pageHeadings, type HeadedPath } from './page-titles';

/**
 * The first row of a signed-in page: its heading, and the page's main actions beside it. The row
 * is at least a finger target tall whether the actions are there or not, so the heading sits where
 * the page's frame drew it while the session was checked (./session-check-layout.tsx): it does
 * not move when the screen replaces the frame.
 */
export function PageHeader({ path, children }: { path: HeadedPath; children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <HStack justify="space-between" wrap="wrap" gap={3} minH="11">
      <Heading as="h1" size="2xl">
        {i18n._(pageHeadings[path])}
      </Heading>
      {children}
    </HStack>
  );
}
