import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A GOV.UK-style notification banner (design-system.service.gov.uk, "Notification banner"): a
 * coloured bar with its title, then the message. `role="status"` so it is announced politely, named
 * by its title. A `success` banner says what the resident just did and takes the focus when it
 * appears (as GOV.UK's success banner does), so a keyboard or screen-reader user starts from it;
 * `important` is for news the resident did not cause. `onDismiss` adds a "Dismiss" button.
 */
export function NotificationBanner({
  tone = 'success',
  title = tone === 'success' ? 'Success' : 'Important',
  children,
  onDismiss,
}: {
  tone?: 'success' | 'important';
  title?: string;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  const titleId = useId();
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (tone === 'success') banner.current?.focus();
  }, [tone]);
  const colour = tone === 'success' ? 'green.700' : 'blue.700';
  return (
    <Box
      ref={banner}
      role="status"
      aria-labelledby={titleId}
      tabIndex={-1}
      borderWidth="5px"
      borderColor={colour}
      bg={colour}
      mb={6}
      _focusVisible={{ outline: '3px solid', outlineColor: 'yellow.400', outlineOffset: '0' }}
    >
      <Heading as="h2" id={titleId} size="sm" color="white" px={3} py={1}>
        {title}
      </Heading>
      <HStack bg="bg" px={4} py={3} justify="space-between" gap={4} wrap="wrap">
        <Text fontWeight="bold" fontSize="lg">
          {children}
        </Text>
        {onDismiss && (
          <Button variant="outline" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </HStack>
    </Box>
  );
}
