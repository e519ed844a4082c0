import { act, screen } from '@testing-library/react';
import { registerServiceWorker } from '../../../src/shell/service-worker';
import { UpdateAvailableNotice } from '../../../src/shell/update-available-notice';
import { waitingUpdate } from '../../../src/shell/waiting-update';
import { exactly, renderWithProviders } from '../../support/render';

/** The Workbox the page registers: its listeners, so the test plays the browser's events. */
const mockWorkbox = {
  listeners: new Map<string, Array<(event: { isUpdate?: boolean }) => void>>(),
  messageSkipWaiting: jest.fn(),
  register: jest.fn(() => Promise.resolve(undefined)),
  update: jest.fn(() => Promise.resolve()),
  emit(type: string, event: { isUpdate?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  },
};

jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({
    addEventListener: (type: string, listener: (event: { isUpdate?: boolean }) => void) =>
      mockWorkbox.listeners.set(type, [...(mockWorkbox.listeners.get(type) ?? []), listener]),
    messageSkipWaiting: () => mockWorkbox.messageSkipWaiting(),
    register: () => mockWorkbox.register(),
    update: () => mockWorkbox.update(),
  })),
}));

/** When the page settles is src/shell/after-page-settles.ts's to say (its own test): here, at once. */
const mockSettled = { wait: () => Promise.resolve() };
jest.mock('../../../src/shell/after-page-settles', () => ({
  afterPageSettles: () => mockSettled.wait(),
}));

const mockReloadPage = jest.fn();
jest.mock('../../../src/shell/reload-page', () => ({ reloadPage: () => mockReloadPage() }));

afterEach(() => {
  act(() => waitingUpdate.set(null));
  mockWorkbox.listeners.clear();
  mockWorkbox.register.mockClear();
  mockWorkbox.messageSkipWaiting.mockClear();
  mockReloadPage.mockClear();
  mockSettled.wait = () => Promise.resolve();
});

test('the worker is registered only once the page has settled', async () => {
  let settle = () => {};
  mockSettled.wait = () => new Promise<void>((resolve) => (settle = resolve));
  const registered = registerServiceWorker();
  await Promise.resolve();
  expect(mockWorkbox.register).not.toHaveBeenCalled();

  settle();
  await registered;
  expect(mockWorkbox.register).toHaveBeenCalledTimes(1);
});

test('shows nothing while the page runs the newest version', () => {
  renderWithProviders(<UpdateAvailableNotice />);
  expect(screen.queryByText('A new version of Kerbside is available')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: exactly('Reload') })).not.toBeInTheDocument();
});

test("a new deploy's waiting worker brings the notice; Reload asks it to take over", async () => {
  await registerServiceWorker();
  const { user } = renderWithProviders(<UpdateAvailableNotice />);

  act(() => mockWorkbox.emit('waiting'));

  expect(screen.getByRole('status')).toHaveTextContent('A new version of Kerbside is available');
  expect(mockWorkbox.messageSkipWaiting).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: exactly('Reload') }));
  expect(mockWorkbox.messageSkipWaiting).toHaveBeenCalledTimes(1);

  // The page reloads only once the new worker controls it, so it never mixes two versions.
  expect(mockReloadPage).not.toHaveBeenCalled();
  act(() => mockWorkbox.emit('controlling', { isUpdate: true }));
  expect(mockReloadPage).toHaveBeenCalled();
});

test("a new version another tab's Reload made take over: this tab's Reload reloads at once", async () => {
  await registerServiceWorker();
  const { user } = renderWithProviders(<UpdateAvailableNotice />);
  act(() => mockWorkbox.emit('waiting'));

  act(() => mockWorkbox.emit('controlling', { isUpdate: true }));
  expect(mockReloadPage).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: exactly('Reload') }));

  expect(mockReloadPage).toHaveBeenCalledTimes(1);
  expect(mockWorkbox.messageSkipWaiting).not.toHaveBeenCalled();
});

test("in a tab opened before any worker (a first visit), a takeover another tab's Reload made still counts: Reload reloads at once", async () => {
  await registerServiceWorker();
  const { user } = renderWithProviders(<UpdateAvailableNotice />);
  // Workbox reads every takeover in such a tab as no update.
  act(() => mockWorkbox.emit('controlling', { isUpdate: false }));
  act(() => mockWorkbox.emit('waiting'));

  act(() => mockWorkbox.emit('controlling', { isUpdate: false }));
  await user.click(screen.getByRole('button', { name: exactly('Reload') }));

  expect(mockReloadPage).toHaveBeenCalledTimes(1);
  expect(mockWorkbox.messageSkipWaiting).not.toHaveBeenCalled();
});

test('a takeover before the notice came (the first worker taking the first visit) does not count: Reload asks the new one to take over', async () => {
  await registerServiceWorker();
  const { user } = renderWithProviders(<UpdateAvailableNotice />);
  act(() => mockWorkbox.emit('controlling', { isUpdate: false }));
  act(() => mockWorkbox.emit('waiting'));

  await user.click(screen.getByRole('button', { name: exactly('Reload') }));

  expect(mockWorkbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  expect(mockReloadPage).not.toHaveBeenCalled();
});

test('a page shown again looks for a new deploy', async () => {
  await registerServiceWorker();
  mockWorkbox.update.mockClear();

  const visibility = jest.spyOn(document, 'visibilityState', 'get');
  visibility.mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  expect(mockWorkbox.update).not.toHaveBeenCalled();
  visibility.mockReturnValue('visible');
  document.dispatchEvent(new Event('visibilitychange'));
  // (Once for each registration this file's tests made: the page makes one.)
  expect(mockWorkbox.update).toHaveBeenCalled();
  visibility.mockRestore();
});
