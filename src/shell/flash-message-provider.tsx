import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLocation } from 'react-router';

/** A confirmation of what the resident just did, and the page (by path) it belongs to. */
interface FlashMessage {
  /** An English id, or a descriptor with values (machines/notification-banner-texts.ts). */
  text: string | MessageDescriptor;
  /** The path it shows on; null until the navigation it waits for happens. */
  pathname: string | null;
}

interface FlashMessageContextValue {
  message: FlashMessage | null;
  raise: (text: string | MessageDescriptor, options?: { onNextPage?: boolean }) => void;
  dismiss: () => void;
}

const FlashMessageContext = createContext<FlashMessageContextValue | null>(null);

/**
 * Holds the one confirmation the app shows after an action (src/shell/flash-message-outlet.tsx
 * shows it). It stays until dismissed or the next navigation. `raise(text)` shows it on this
 * page; `raise(text, { onNextPage: true })` on the page the navigation that follows lands on
 * (after a create, a sign-in or a sign-out). Must sit inside the router.
 */
export function FlashMessageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [message, setMessage] = useState<FlashMessage | null>(null);
  // Each navigation to another page drops the message of the page left, or pins a waiting one to
  // the page reached. A page rewriting its own query (My Permits' filters) stays the same page.
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    if (message !== null && message.pathname !== pathname) {
      setMessage(message.pathname === null ? { ...message, pathname: pathname } : null);
    }
  }
  const raise = useCallback(
    (text: string | MessageDescriptor, options?: { onNextPage?: boolean }) =>
      setMessage({ text, pathname: options?.onNextPage ? null : pathname }),
    [pathname],
  );
  const dismiss = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ message, raise, dismiss }), [message, raise, dismiss]);
  return <FlashMessageContext.Provider value={value}>{children}</FlashMessageContext.Provider>;
}

/** The flash message's state; throws outside `FlashMessageProvider`, a wiring mistake. */
export function useFlashMessage(): FlashMessageContextValue {
  const value = useContext(FlashMessageContext);
  if (!value) throw new Error('useFlashMessage: no FlashMessageProvider above this component');
  return value;
}

/**
 * Raises `text` for the next page once `happened` turns true (a sign-in that succeeded, say). A
 * text, not a descriptor: a descriptor made at each render would raise it again at each.
 */
export function useFlashOnNextPageWhen(happened: boolean, text: string): void {
  const { raise } = useFlashMessage();
  useEffect(() => {
    if (happened) raise(text, { onNextPage: true });
  }, [happened, raise, text]);
}
