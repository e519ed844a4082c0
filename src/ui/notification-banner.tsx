import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusPageHeading } from './focus-page-heading';

/** What banners have already said with the focus (`focusKey`): drawn again, they leave it be. */
const focusTakenFor = new WeakSet<object>();

/**
 * A GOV.UK-style success banner (design-system.service.gov.uk, "Notification banner"): a coloured
 * bar with its title, "Success", then the message. `role="status"` so it is announced politely,
 * named by its title. It says what the resident just did and takes the focus when it appears (as
 * GOV.UK's success banner does), so a keyboard or screen-reader user starts from it. `onDismiss`
 * adds a "Dismiss" button, which hands the focus to the page's heading. A message given as text
 * (a machine's news, an English id) is shown in the reader's language.
 *
 * A banner drawn again for the same news (`focusKey`: the flash message, whose banner is drawn
 * anew when its motion arrives) takes the focus again only if the focus was lost with the banner
 * it replaces: a resident who has since opened the account menu keeps it open.
 */
export function NotificationBanner({
  children,
  onDismiss,
  focusKey,
}: {
  children: ReactNode;
  onDismiss?: () => void;
  focusKey?: object;
}) {
  const { i18n } = useLingui();
  const titleId = useId();
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Not ./focus-is-lost.ts: this banner is on /login, which has no byte left for it
    // (test/build/bundle-budget.test.ts), and a banner drawn again only needs these two.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusKey !== undefined && focusTakenFor.has(focusKey) && !focusLost) return;
    banner.current?.focus();
    if (focusKey !== undefined) focusTakenFor.add(focusKey);
  }, [focusKey]);
  return (
    <Box
      ref={banner}
      role="status"
      aria-labelledby={titleId}
      tabIndex={-1}
      borderWidth="5px"
      borderColor="green.700"
      bg="green.700"
      mb={6}
      _focusVisible={{ outline: '3px solid', outlineColor: 'yellow.400', outlineOffset: '0' }}
    >
      <Heading as="h2" id={titleId} size="sm" color="white" px={3} py={1}>
        {i18n._('Success')}
      </Heading>
      <HStack bg="bg" px={4} py={3} justify="space-between" gap={4} wrap="wrap">
        <Text fontWeight="bold" fontSize="lg">
          {typeof children === 'string' ? i18n._(children) : children}
        </Text>
        {onDismiss && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onDismiss();
              // The button leaves with the banner: the focus goes to the page's heading, not to
              // the body.
              focusPageHeading();
            }}
          >
            {i18n._('Dismiss')}
          </Button>
        )}
      </HStack>
    </Box>
  );
}
