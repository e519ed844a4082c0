import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SettingsScreen } from '../../../src/features/settings/settings-screen';
import { renderWithProviders, residentProfile } from '../../support/render';

function renderSettings() {
  return renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsScreen />} />
      <Route path="/settings/change-password" element={<h1>Change password page</h1>} />
    </Routes>,
    { route: '/settings', session: { status: 'signed_in', profile: residentProfile } },
  );
}

test('the change-password card leads to /settings/change-password', async () => {
  const { user } = renderSettings();

  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  const changePassword = screen.getByRole('link', { name: 'Change Password' });
  expect(changePassword).toHaveAttribute('href', '/settings/change-password');

  await user.click(changePassword);

  expect(await screen.findByRole('heading', { name: 'Change password page' })).toBeInTheDocument();
});

test('Contact Support writes an e-mail to the configured support address', () => {
  renderSettings();

  expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'mailto:support@kerbside.test',
  );
});
