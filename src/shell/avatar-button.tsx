import { Avatar, Button, type ButtonProps } from '@chakra-ui/react';

/** The round button with the resident's initials that opens the account menu. */
export function AvatarButton({ initials, ...props }: ButtonProps & { initials: string }) {
  return (
    // The name repeats the visible initials, so speech input users can say what they see.
    <Button
      variant="ghost"
      rounded="full"
      p={0}
      aria-label={`Account menu: ${initials}`}
      {...props}
    >
      <Avatar.Root size="sm" colorPalette="teal">
        <Avatar.Fallback>{initials}</Avatar.Fallback>
      </Avatar.Root>
    </Button>
  );
}
