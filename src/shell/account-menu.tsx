import { defineSlotRecipe, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { useNavigate } from 'react-router';
import { AvatarButton } from './avatar-button';
import { paths } from './pages';
import { useLogout } from './session-hooks';
import { fingerTarget } from './system';

/**
 * Chakra's menu with items a finger can hit and the highlighted item in GOV.UK's focus colours.
 * It comes with this chunk, not with every page's design system (src/shell/system.ts).
 */
const menuRecipe = defineSlotRecipe({
  ...menuSlotRecipe,
  base: {
    ...menuSlotRecipe.base,
    item: {
      ...menuSlotRecipe.base?.item,
      minH: fingerTarget,
      _highlighted: { bg: 'focus.ring', color: 'focus.edge' },
    },
  },
});

/**
 * The Settings / Log out menu, already open: `AvatarMenu` loads it on the first press of the
 * avatar button, so its menu, positioning code and recipe stay out of the first page's JavaScript.
 */
export function AccountMenu({
  initials,
  openedFromKeyboard,
}: {
  initials: string;
  openedFromKeyboard: boolean;
}) {
  const { i18n } = useLingui();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Menu.Root
      recipe={menuRecipe}
      defaultOpen
      // A keyboard press highlights the first item, as a menu opened from the keyboard does.
      defaultHighlightedValue={openedFromKeyboard ? 'settings' : undefined}
      positioning={{ placement: 'bottom-end' }}
    >
      <Menu.Trigger asChild>
        <AvatarButton initials={initials} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="settings" onSelect={() => navigate(paths.settings)}>
              {i18n._('Settings')}
            </Menu.Item>
            <Menu.Item value="logout" onSelect={logout}>
              {i18n._('Log out')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
