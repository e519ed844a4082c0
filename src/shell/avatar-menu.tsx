import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { initials } from './initials';
import { paths } from './paths';
import { useLogout, useProfile } from './session-hooks';

/** The avatar button with the user's initials and the Settings / Log out menu. */
export function AvatarMenu() {
  const profile = useProfile();
  const logout = useLogout();
  const navigate = useNavigate();
  const shownInitials = initials(profile);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* The name repeats the visible initials, so speech input users can say what they see. */}
        <Button variant="ghost" rounded="full" p={0} aria-label={`Account menu: ${shownInitials}`}>
          <Avatar.Root size="sm" colorPalette="teal">
            <Avatar.Fallback>{shownInitials}</Avatar.Fallback>
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="settings" onSelect={() => navigate(paths.settings)}>
              Settings
            </Menu.Item>
            <Menu.Item value="logout" onSelect={logout}>
              Log out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
