/**
 * Moves focus to the page's main heading, made focusable for it (`tabIndex=-1`), when the page
 * shows one; answers whether it did.
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}
