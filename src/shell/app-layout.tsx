import { Box, Flex } from '@chakra-ui/react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RoutedPage } from './routed-page';
import { SiteSettingsProvider } from './site-settings-provider';
import { mainContentId } from './skip-link';

/** The signed-in shell: navbar, the current page, footer, and the site settings they share. */
export function AppLayout() {
  return (
    <SiteSettingsProvider>
      <Flex direction="column" minH="100vh">
        <Navbar />
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
          <RoutedPage />
        </Box>
        <Footer />
      </Flex>
    </SiteSettingsProvider>
  );
}
