import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const { message, dismiss } = useFlashMessage();
  const shown = message !== null && message.pathname === pathname;
  // Translated here, text or descriptor alike (`i18n._` has one overload for each).
  const text =
    message === null
      ? ''
      : typeof message.text === 'string'
        ? i18n._(message.text)
        : i18n._(message.text);
  const [animated, setAnimated] = useState(shown);
  if (shown && !animated) setAnimated(true);

  const banner = shown ? (
    <NotificationBanner onDismiss={dismiss} focusKey={message}>
      {/* Given as a fragment, the banner does not translate it again. */}
      <>{text}</>
    </NotificationBanner>
  ) : null;
  if (!animated) return banner;
  return (
    <Suspense fallback={banner}>
      <BannerPresence>{banner}</BannerPresence>
    </Suspense>
  );
}
