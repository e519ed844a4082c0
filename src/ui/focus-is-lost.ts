/**
 * Whether the focus has fallen out of the page's controls: to the body, or onto an element that
 * left the page or was disabled (Chromium then moves it to the body, jsdom leaves it there).
 */
export function focusIsLost(): boolean {
  // A control's `disabled`; undefined on elements that have none.
  const focused = document.activeElement as HTMLButtonElement | null;
  return !focused?.isConnected || focused === document.body || !!focused.disabled;
}
