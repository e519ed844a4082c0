import { screen } from '@testing-library/react';
import { AppRoutes } from '../../../src/shell/routes';
import { exactly, renderWithProviders, residentProfile } from '../../support/render';

// The guide's chunk fails to load, as it would after a deploy removed it or on a dropped
// connection: the lazy import of its module rejects.
jest.mock('../../../src/features/guide/guide-screen', () => {
  throw new Error('Loading chunk guide-screen failed.');
});

jest.mock('../../../src/features/auth/forgot-password/forgot-password-screen', () => {
  throw new Error('Loading chunk forgot-password-screen failed.');
});

const signedIn = { status: 'signed_in', profile: residentProfile } as const;

test('a page whose chunk fails to load shows a plain message and a way to reload, not a blank screen', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(<AppRoutes />, { route: '/how-to-guide', session: signedIn });

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Sorry, this page could not be shown' +
      'Check your connection, then reload the page. Nothing you saved has been lost.',
  );
  expect(screen.getByRole('button', { name: exactly('Reload page') })).toBeInTheDocument();
  // The shell around the page still works: the resident can go elsewhere.
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});

test('moving to another page starts afresh', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user } = renderWithProviders(<AppRoutes />, {
    route: '/how-to-guide',
    session: signedIn,
  });
  await screen.findByRole('alert');

  await user.click(screen.getByRole('link', { name: 'Settings' }));

  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
});

test('a public page whose chunk fails shows the same message', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(<AppRoutes />, { route: '/forgot-password' });

  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^Sorry, this page could not be shown/,
  );
  expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
});
