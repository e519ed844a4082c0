import '@testing-library/jest-dom';
import * as React from 'react';

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

// React 19's development build records where each element was made by creating an Error for each
// of the first 10,000 elements of a render (its "owner stacks", which only name components in its
// warnings). The screens render thousands of Chakra elements, and those Errors took a fifth of
// the screens project's time (add-permit-screen's registration tests: 29.3 s with them, 24.3 s
// without). Telling React that it has already made its 10,000 leaves every element the shared
// "unknown owner" stack; warnings still come, with shorter component stacks.
const reactInternals = (
  React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>
).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.MAX_SAFE_INTEGER,
    set: () => {},
  });
}
