/** How long the page's thread must run nothing long before it counts as settled. */
export const quietMs = 1_000;
/** After the page's `load`, the longest wait: a page that never settles is not kept waiting. */
export const latestMs = 10_000;
/** The timer's step, and how late a step may fire before the thread counts as busy. */
const stepMs = 50;
const lateMs = 25;

/**
 * Resolves once the page has loaded and its thread has then run nothing long for `quietMs`, or
 * `latestMs` after `load` at the latest.
 *
 * A signed-in page keeps working well after `load`: its screen's chunk, the session, the API's
 * answers and their rendering. What starts at `load` competes with that for the phone's cores and
 * connection: the service worker's precaching did (docs/performance.md, "On a phone"). A chain of
 * short timers tells a busy thread by how late they fire; it works in every engine, where
 * `requestIdleCallback` and long-task entries do not.
 */
export function afterPageSettles(): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      const deadline = Date.now() + latestMs;
      let quietSince = Date.now();
      const step = (due: number) => {
        setTimeout(() => {
          const now = Date.now();
          if (now - due > lateMs) quietSince = now;
          if (now - quietSince >= quietMs || now >= deadline) resolve();
          else step(now + stepMs);
        }, stepMs);
      };
      step(Date.now() + stepMs);
    };
    if (document.readyState === 'complete') watch();
    else window.addEventListener('load', watch, { once: true });
  });
}
