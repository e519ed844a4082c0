import '@testing-library/jest-dom';

import { matchMediaStandIn } from './media-preferences';

// Chakra reads breakpoints through matchMedia and measures popovers and menus with
// ResizeObserver; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStandIn });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;

window.scrollTo = () => {};
