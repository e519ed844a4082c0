import { useEffect, useRef } from 'react';
import { focusIsLost } from './focus-is-lost';

/**
 * A ref for a control that is disabled while it works (Chakra's `loading` disables a button).
 * Chromium moves the focus of a control it disables to the page's body, and the next Tab starts
 * from the top: when `busy` ends with nothing focused, the control takes the focus back, so a
 * keyboard or screen-reader user goes on from where they were.
 */
export function useFocusBackAfterBusy<Control extends HTMLElement>(busy: boolean) {
  const control = useRef<Control>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (focusIsLost()) control.current?.focus();
  }, [busy]);
  return control;
}
