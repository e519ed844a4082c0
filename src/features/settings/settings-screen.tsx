import {
  Card,
  Heading,
  Link,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { Link as RouterLink } from 'react-router';
import { getConfig } from '../../config';
import { PageHeader } from '../../shell/page-header';
import { paths } from '../../shell/pages';
import { EmailPreferencesCard } from './email-preferences/email-preferences-card';
import { EmailVerificationNotice } from './email-verification/email-verification-notice';

/**
 * Settings (docs/contract.md §2, the /settings row): a card leading to the change-password page and a
 * Contact Support link that opens an e-mail to the configured support address, and the e-mail
 * switches and, while the resident's address is not confirmed, a notice with "Send the link
 * again", when the API host offers them.
 */
export function SettingsScreen() {
  const { i18n } = useLingui();
  const { supportEmail } = getConfig();
  return (
    <Stack gap={6}>
      <PageHeader path={paths.settings} />
      <EmailVerificationNotice />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
        <LinkBox asChild>
          <Card.Root _hover={{ borderColor: 'teal.500' }}>
            <Card.Body gap={2}>
              <Heading as="h2" size="lg">
                <LinkOverlay asChild>
                  <RouterLink to={paths.changePassword}>{i18n._('Change Password')}</RouterLink>
                </LinkOverlay>
              </Heading>
              <Text color="fg.muted">{i18n._('Choose a new password for signing in.')}</Text>
            </Card.Body>
          </Card.Root>
        </LinkBox>
        <Card.Root>
          <Card.Body gap={2}>
            <Heading as="h2" size="lg">
              {i18n._('Need help?')}
            </Heading>
            <Text color="fg.muted">{i18n._('Our support team answers by e-mail.')}</Text>
            <Link href={`mailto:${supportEmail}`} color="teal.700" textDecoration="underline">
              {i18n._('Contact Support')}
            </Link>
          </Card.Body>
        </Card.Root>
        <EmailPreferencesCard />
      </SimpleGrid>
    </Stack>
  );
}
