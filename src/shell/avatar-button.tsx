import { Button, chakra, useSlotRecipe, type ButtonProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';

/**
 * The round button with the resident's initials that opens the account menu. The initials are
 * drawn with the styles of Chakra's avatar (its slot recipe), not with its Avatar component, whose
 * state machine loads a picture the app never has: that machine brought Zag's runtime into the
 * first page's JavaScript (5.2 KB gzip of /login's scripts, docs/performance.md).
 */
export function AvatarButton({ initials, ...props }: ButtonProps & { initials: string }) {
  const { i18n } = useLingui();
  const avatar = useSlotRecipe({ key: 'avatar' })({ size: 'sm' });
  return (
    // The name repeats the visible initials, so speech input users can say what they see.
    <Button
      variant="ghost"
      rounded="full"
      p={0}
      aria-label={i18n._('Account menu: {initials}', { initials })}
      {...props}
    >
      <chakra.span css={avatar.root} colorPalette="teal">
        <chakra.span css={avatar.fallback}>{initials}</chakra.span>
      </chakra.span>
    </Button>
  );
}
