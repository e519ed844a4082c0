import { Box, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { getConfig } from '../config';
import { AccessibilityStatementLink } from './accessibility-statement-link';

export function Footer() {
  const { i18n } = useLingui();
  return (
    <Box as="footer" borderTopWidth="1px" px={{ base: 4, md: 8 }} py={4} bg="bg.subtle">
      <HStack justify="center" gap={6} wrap="wrap" fontSize="sm">
        <AccessibilityStatementLink />
        <Text color="fg.muted">
          {i18n._('© {year} {appName}', {
            year: String(new Date().getFullYear()),
            appName: getConfig().appName,
          })}
        </Text>
      </HStack>
    </Box>
  );
}
