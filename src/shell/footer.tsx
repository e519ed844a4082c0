import { Box, Text } from '@chakra-ui/react';
import { getConfig } from '../config';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" px={{ base: 4, md: 8 }} py={4} bg="bg.subtle">
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        © {new Date().getFullYear()} {getConfig().appName}
      </Text>
    </Box>
  );
}
