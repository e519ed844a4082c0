import { Box, Button, Field, HStack, Heading, Input, QrCode, Stack, Text } from '@chakra-ui/react';
import { qrCodeSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, useState } from 'react';

/** Whether this device can hand a link to its own share sheet (most phones; few desktops). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * A new pass's link (`visitorPassLink`), to send to the visitor: in a read-only field labelled
 * "Visitor pass link", with "Copy link" (the clipboard), "Share" (the device's share sheet, shown
 * only where there is one) and a QR code to scan from this screen. Its heading takes focus when it
 * appears, since the form that made it has gone.
 */
export function VisitorPassLink({ link }: { link: string }) {
  const { i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  const [shareable] = useState(canShare);
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      // No clipboard here (an older browser, a page not allowed it): the link is selected instead.
      fieldRef.current?.select();
      setCopied('select');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: i18n._('Visitor parking'),
        text: i18n._('Book your parking here'),
        url: link,
      });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };

  return (
    <Stack gap={4}>
      <Heading as="h2" size="lg" ref={headingRef} tabIndex={-1} outline="none">
        {i18n._('Your visitor pass is ready')}
      </Heading>
      <Text>
        {i18n._(
          'Send this link to your visitor. They can book parking with it without an account.',
        )}
      </Text>
      <Field.Root>
        <Field.Label htmlFor={fieldId}>{i18n._('Visitor pass link')}</Field.Label>
        <Input
          id={fieldId}
          ref={fieldRef}
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
          spellCheck={false}
        />
      </Field.Root>
      <HStack gap={3} wrap="wrap">
        <Button colorPalette="teal" onClick={() => void copy()}>
          {i18n._('Copy link')}
        </Button>
        {shareable && (
          <Button variant="outline" onClick={() => void share()}>
            {i18n._('Share')}
          </Button>
        )}
      </HStack>
      <Box role="status" minH="6">
        {copied === 'copied' && i18n._('The link is copied.')}
        {copied === 'select' && i18n._('The link is selected: copy it from the field.')}
      </Box>
      <QrCode.Root
        recipe={qrCodeSlotRecipe}
        value={link}
        size="xl"
        role="img"
        aria-label={i18n._('QR code of the visitor pass link, to scan with a phone’s camera')}
      >
        <QrCode.Frame>
          <QrCode.Pattern />
        </QrCode.Frame>
      </QrCode.Root>
    </Stack>
  );
}
