// jsdom implements no media queries. This stand-in answers every query "no" except the reduced
// motion one, which a test may switch; Chakra reads breakpoints through it and framer-motion
// listens to it for the resident's motion setting.
const reducedMotionQuery = '(prefers-reduced-motion)';
const listeners = new Set<() => void>();
let reducedMotion = false;

/** Emulates the resident's "reduce motion" setting being switched on or off. */
export function preferReducedMotion(on: boolean): void {
  reducedMotion = on;
  listeners.forEach((listener) => listener());
}

function matches(query: string): boolean {
  return reducedMotion && (query === reducedMotionQuery || query.includes('reduce'));
}

/** A `window.matchMedia` that answers as above. */
export function matchMediaStandIn(query: string): MediaQueryList {
  const list = {
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  };
  return list as unknown as MediaQueryList;
}
