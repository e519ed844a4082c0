import { lazy, Suspense, useState } from 'react';
import { AvatarButton } from './avatar-button';
import { initials } from './initials';
import { useProfile } from './session-hooks';

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() =>
  loadAccountMenu().then((module) => ({ default: module.AccountMenu })),
);

/**
 * The avatar button with the user's initials and the Settings / Log out menu. The menu's code
 * (Zag's menu and floating-ui, about a tenth of the first page's JavaScript) loads when the
 * resident first points at, focuses or presses the button.
 */
export function AvatarMenu() {
  const shownInitials = initials(useProfile());
  const [opened, setOpened] = useState<{ fromKeyboard: boolean } | null>(null);
  const button = (
    <AvatarButton
      initials={shownInitials}
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      // A click from Enter or Space has no pointer position: detail 0.
      onClick={(event) => setOpened({ fromKeyboard: event.detail === 0 })}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu initials={shownInitials} openedFromKeyboard={opened.fromKeyboard} />
    </Suspense>
  );
}
