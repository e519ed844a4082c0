/** How the page swaps to the new version: tell the waiting worker to take over, then reload. */
export type ApplyUpdate = () => void;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/**
 * A new deploy's service worker waiting to take over, shared between the registration (loaded
 * after the page) and the notice in the shell: `null` while the page runs the newest version.
 */
export const waitingUpdate = {
  get: (): ApplyUpdate | null => waiting,
  set(apply: ApplyUpdate | null): void {
    waiting = apply;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
