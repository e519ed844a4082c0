import { useState } from 'react';

/**
 * Whether a disclosure has been opened yet, so that its content is drawn the first time it opens
 * and kept from then on (what a resident typed or ticked in it stays while it is closed). Closed,
 * the content is `hidden`, neither seen nor read out: leaving it undrawn until then changes
 * nothing a resident meets, and spares a phone its work while the page starts. On My Permits on a
 * phone the folded filters were some 50 of Chakra's parts and the date inputs' chunk: traced in
 * Chromium (no slowdown, three loads each), the task of the screen's first render went from
 * 30-114 ms to at most 16 ms once they were left undrawn. Set during the render that opens it, so
 * no frame shows it empty.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
