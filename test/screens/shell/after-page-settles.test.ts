import { afterPageSettles, latestMs, quietMs } from '../../../src/shell/after-page-settles';

/** Whether the promise has settled once every timer and promise due by now has run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await jest.advanceTimersByTimeAsync(0);
  return settled;
}

/** The page's thread runs a task of `ms`: the clock moves on and no timer fires meanwhile. */
function busyFor(ms: number): void {
  jest.setSystemTime(Date.now() + ms);
}

let readyState: DocumentReadyState;

beforeEach(() => {
  jest.useFakeTimers();
  readyState = 'complete';
  jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('a loaded page whose thread stays quiet has settled after the quiet period, not before', async () => {
  const settled = afterPageSettles();

  await jest.advanceTimersByTimeAsync(quietMs - 100);
  expect(await isSettled(settled)).toBe(false);
  await jest.advanceTimersByTimeAsync(100);
  expect(await isSettled(settled)).toBe(true);
});

test('a page still loading waits for its load event first', async () => {
  readyState = 'loading';
  const settled = afterPageSettles();

  await jest.advanceTimersByTimeAsync(quietMs * 3);
  expect(await isSettled(settled)).toBe(false);

  window.dispatchEvent(new Event('load'));
  await jest.advanceTimersByTimeAsync(quietMs);
  expect(await isSettled(settled)).toBe(true);
});

test('a long task starts the quiet period again', async () => {
  const settled = afterPageSettles();

  await jest.advanceTimersByTimeAsync(quietMs - 200);
  busyFor(300);
  await jest.advanceTimersByTimeAsync(quietMs - 200);
  expect(await isSettled(settled)).toBe(false);
  await jest.advanceTimersByTimeAsync(250);
  expect(await isSettled(settled)).toBe(true);
});

test('a page that never goes quiet is not kept waiting beyond the latest', async () => {
  const settled = afterPageSettles();

  const stepsBeforeLatest = Math.floor((latestMs - 500) / 200);
  for (let step = 0; step < stepsBeforeLatest; step += 1) {
    busyFor(100);
    await jest.advanceTimersByTimeAsync(100);
  }
  expect(await isSettled(settled)).toBe(false);
  for (let step = 0; step < 5; step += 1) {
    busyFor(100);
    await jest.advanceTimersByTimeAsync(100);
  }
  expect(await isSettled(settled)).toBe(true);
});
