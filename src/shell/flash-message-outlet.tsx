import { useLocation } from 'react-router';
import { NotificationBanner } from '../ui/notification-banner';
import { useFlashMessage } from './flash-message-provider';

/** Where a page shows the flash message raised for it, as a success banner with "Dismiss". */
export function FlashMessageOutlet() {
  const { pathname } = useLocation();
  const { message, dismiss } = useFlashMessage();
  if (message === null || message.pathname !== pathname) return null;
  return <NotificationBanner onDismiss={dismiss}>{message.text}</NotificationBanner>;
}
