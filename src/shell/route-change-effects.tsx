import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toSessionStatus } from '../../machines/session-machine';
import { focusPageHeading } from '../ui/focus-page-heading';
import { SessionContext } from './session-context';

/** How long a route change waits for its page's heading (a lazy chunk, a session check). */
const headingWait = 10_000;

/**
 * Focus the new page's heading as soon as it is on screen, so focus never stays on a link that
 * left or falls to the page's body; a later route change or `headingWait` gives up waiting. Focus
 * put anywhere else meanwhile, by the new page (its success banner) or by the resident (the
 * account menu), ends the wait: it stays where it was put.
 */
function focusHeadingWhenShown(): () => void {
  if (focusPageHeading()) return () => {};
  const focusAtChange = document.activeElement;
  const observer = new MutationObserver(() => {
    if (focusPageHeading()) stop();
  });
  const focusPutElsewhere = (event: FocusEvent) => {
    if (event.target !== focusAtChange) stop();
  };
  const timer = window.setTimeout(() => stop(), headingWait);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', focusPutElsewhere);
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', focusPutElsewhere);
  return stop;
}

/**
 * On every route change: scroll to the top, move focus to the new page's `h1`, and while signed
 * in ask the session to re-check the user's validity (docs/contract.md §2). The first render is
 * not a change: a page opened fresh starts at its skip link.
 */
export function RouteChangeEffects() {
  const { pathname } = useLocation();
  const session = SessionContext.useActorRef();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    if (toSessionStatus(session.getSnapshot()) === 'signed_in') {
      session.send({ type: 'ROUTE.CHANGED' });
    }
    return focusHeadingWhenShown();
  }, [pathname, session]);

  return null;
}
