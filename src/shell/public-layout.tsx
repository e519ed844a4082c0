import { Box, Flex, Text } from '@chakra-ui/react';
import { LanguageLink } from '../i18n/language-link';
import { AccessibilityStatementLink } from './accessibility-statement-link';
import { RoutedPage } from './routed-page';
import { mainContentId } from './skip-link';

/**
 * The frame of a page for someone not signed in: the page on a quiet background, without the
 * navbar and footer (docs/contract.md §2), with the "Cymraeg" / "English" link above it, as Welsh
 * public services put it on every page, and the way to the accessibility statement under it.
 */
export function PublicLayout() {
  return (
    <Box
      as="main"
      id={mainContentId}
      tabIndex={-1}
      outline="none"
      minH="100vh"
      px={4}
      py={{ base: 8, md: 16 }}
      bg="bg.subtle"
    >
      <Flex justify="flex-end" maxW="md" mx="auto" mt={{ base: -6, md: -12 }} mb={2}>
        <LanguageLink />
      </Flex>
      <RoutedPage />
      <Text textAlign="center" mt={6} fontSize="sm">
        <AccessibilityStatementLink />
      </Text>
    </Box>
  );
}
