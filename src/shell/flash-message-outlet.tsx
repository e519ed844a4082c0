import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { NotificationBanner } from '../ui/notification-banner';
import { useFlashMessage } from './flash-message-provider';

// framer-motion is not part of the sign-in page's scripts (test/build/bundle-budget.test.ts): the
// motion arrives with the first message, and until it has, the banner shows without it.
const BannerPresence = lazy(() =>
  import('../ui/banner-presence').then((module) => ({ default: module.BannerPresence })),
);

/** Where a page shows the flash message raised for it, as a success banner with "Dismiss". */
export function FlashMessageOutlet() {
  const { pathname } = useLocation();
  const { message, dismiss } = useFlashMessage();
  const shown = message !== null && message.pathname === pathname;
  const [animated, setAnimated] = useState(shown);
  if (shown && !animated) setAnimated(true);

  const banner = shown ? (
    <NotificationBanner onDismiss={dismiss} focusKey={message}>
      {message.text}
    </NotificationBanner>
  ) : null;
  if (!animated) return banner;
  return (
    <Suspense fallback={banner}>
      <BannerPresence>{banner}</BannerPresence>
    </Suspense>
  );
}
