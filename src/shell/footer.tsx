import { Box, HStack, Text } from '@chakra-ui/react';
import { getConfig } from '../config';
import { AccessibilityStatementLink } from './accessibility-statement-link';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" px={{ base: 4, md: 8 }} py={4} bg="bg.subtle">
      <HStack justify="center" gap={6} wrap="wrap" fontSize="sm">
        <AccessibilityStatementLink />
        <Text color="fg.muted">
          © {new Date().getFullYear()} {getConfig().appName}
        </Text>
      </HStack>
    </Box>
  );
}
