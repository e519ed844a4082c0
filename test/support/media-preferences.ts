// jsdom implements no media queries. This stand-in answers the reduced-motion query as a test sets
// it (off by default) and width queries for the viewport width a test emulates (none by default,
// when every width query answers "no": the screens show their wide layout, as before phones were
// emulated). Chakra reads breakpoints through it, framer-motion listens to it for the resident's
// motion setting, and src/ui/use-narrow-screen.ts for a phone's width.
const reducedMotionQuery = '(prefers-reduced-motion)';
const listeners = new Set<{ query: string; listener: (event: MediaQueryListEvent) => void }>();
let reducedMotion = false;
let viewportWidth: number | null = null;

function notify() {
  listeners.forEach(({ query, listener }) =>
    listener({ media: query, matches: matches(query) } as MediaQueryListEvent),
  );
}

/** Emulates the resident's "reduce motion" setting being switched on or off. */
export function preferReducedMotion(on: boolean): void {
  reducedMotion = on;
  notify();
}

/** Emulates a viewport `width` CSS pixels wide (a 390 px phone, say); null: no width at all. */
export function emulateViewportWidth(width: number | null): void {
  viewportWidth = width;
  notify();
}

/** A length in a width query, in CSS pixels (a rem or em is 16 px). */
function toPixels(length: string, unit: string): number {
  return unit === 'px' ? Number(length) : Number(length) * 16;
}

function matchesWidth(query: string): boolean {
  if (viewportWidth === null) return false;
  const width = viewportWidth;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|rem|em)\)/g)];
  return (
    conditions.length > 0 &&
    conditions.every(([, bound, length = '0', unit = 'px']) =>
      bound === 'min' ? width >= toPixels(length, unit) : width <= toPixels(length, unit),
    )
  );
}

function matches(query: string): boolean {
  if (query.includes('width')) return matchesWidth(query);
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
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add({ query, listener }),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.forEach((entry) => {
        if (entry.query === query && entry.listener === listener) listeners.delete(entry);
      }),
    dispatchEvent: () => false,
  };
  return list as unknown as MediaQueryList;
}
