import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import type { EmailPreferences } from '../../../../contract/email-preferences';
import { emailPreferencesMachine } from '../../../../machines/settings/email-preferences/email-preferences-machine';
import { ApiError } from '../../../../src/api/api-error';
import { SettingsScreen } from '../../../../src/features/settings/settings-screen';
import { renderWithProviders, residentProfile } from '../../../support/render';

/** The answer of the latest load, so that a test can let it arrive. */
let latestLoad: Promise<EmailPreferences> | undefined;

/** The e-mail preferences endpoint as a host answers it: stored choices, or a refusal. */
function emailPreferencesAgainst(host: {
  load: () => Promise<EmailPreferences>;
  save?: (preferences: EmailPreferences) => Promise<EmailPreferences>;
}) {
  return emailPreferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise(() => (latestLoad = host.load())),
      savePreferences: fromPromise(({ input }: { input: EmailPreferences }) =>
        (host.save ?? (async (stored) => stored))(input),
      ),
    },
  });
}

const hostWithoutEmail = emailPreferencesAgainst({
  load: () => Promise.reject(new ApiError('Not Found', { status: 404 })),
});

/** Renders Settings and lets the e-mail preferences' first answer arrive. */
async function renderSettings(emailPreferences = hostWithoutEmail) {
  const view = renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsScreen />} />
      <Route path="/settings/change-password" element={<h1>Change password page</h1>} />
    </Routes>,
    {
      route: '/settings',
      session: { status: 'signed_in', profile: residentProfile },
      machines: { emailPreferences },
    },
  );
  await act(async () => {
    await latestLoad?.catch(() => undefined);
  });
  return view;
}

test('the change-password card leads to /settings/change-password', async () => {
  const { user } = await renderSettings();

  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  const changePassword = screen.getByRole('link', { name: 'Change Password' });
  expect(changePassword).toHaveAttribute('href', '/settings/change-password');

  await user.click(changePassword);

  expect(await screen.findByRole('heading', { name: 'Change password page' })).toBeInTheDocument();
});

test('Contact Support writes an e-mail to the configured support address', async () => {
  await renderSettings();

  expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'mailto:support@kerbside.test',
  );
});

describe('the e-mail switches', () => {
  it('show the stored choices, and store a change through the endpoint', async () => {
    const save = jest.fn(async (preferences: EmailPreferences) => preferences);
    const { user } = await renderSettings(
      emailPreferencesAgainst({
        load: async () => ({ confirmations: true, reminders: true }),
        save,
      }),
    );

    const confirmation = await screen.findByRole('switch', { name: 'E-mail me a confirmation' });
    const reminder = screen.getByRole('switch', { name: 'E-mail me before a permit ends' });
    expect(confirmation).toBeChecked();
    expect(reminder).toBeChecked();

    await user.click(reminder);

    expect(save).toHaveBeenCalledWith({ confirmations: true, reminders: false });
    await waitFor(() => expect(reminder).not.toBeChecked());
    expect(reminder).toBeEnabled();
    expect(confirmation).toBeChecked();
  });

  it('keep the focus on a switch while its change is stored, and take no second change then', async () => {
    let finish: (preferences: EmailPreferences) => void = () => {};
    const save = jest.fn(
      (_: EmailPreferences) => new Promise<EmailPreferences>((resolve) => (finish = resolve)),
    );
    const { user } = await renderSettings(
      emailPreferencesAgainst({
        load: async () => ({ confirmations: true, reminders: true }),
        save,
      }),
    );
    const reminder = await screen.findByRole('switch', { name: 'E-mail me before a permit ends' });

    await user.click(reminder);
    // Unavailable, but not disabled: Chromium would move a disabled switch's focus to the body.
    expect(reminder).toHaveAttribute('aria-disabled', 'true');
    expect(reminder).toBeEnabled();
    expect(reminder).toHaveFocus();
    await user.click(reminder);
    expect(reminder).not.toBeChecked();
    expect(save).toHaveBeenCalledTimes(1);

    await act(async () => finish({ confirmations: true, reminders: false }));
    expect(reminder).not.toHaveAttribute('aria-disabled');
    expect(reminder).not.toBeChecked();
  });

  it.each([404, 405, 501])('are hidden when the host answers %i', async (status) => {
    const load = jest.fn(() => Promise.reject(new ApiError('Not offered', { status })));
    await renderSettings(emailPreferencesAgainst({ load }));

    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'E-mails' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('put the switch back and say so when the change is not stored', async () => {
    const { user } = await renderSettings(
      emailPreferencesAgainst({
        load: async () => ({ confirmations: true, reminders: false }),
        save: () => Promise.reject(new ApiError('Server error', { status: 500 })),
      }),
    );

    const confirmation = await screen.findByRole('switch', { name: 'E-mail me a confirmation' });
    await user.click(confirmation);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your e-mail choice was not saved. Please try again.',
    );
    expect(confirmation).toBeChecked();
  });

  it('offer to try again when the choices could not be loaded', async () => {
    const load = jest
      .fn<Promise<EmailPreferences>, []>()
      .mockRejectedValueOnce(new ApiError('Network Error'))
      .mockResolvedValueOnce({ confirmations: false, reminders: true });
    const { user } = await renderSettings(emailPreferencesAgainst({ load }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your e-mail choices could not be loaded. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('switch', { name: 'E-mail me a confirmation' }),
    ).not.toBeChecked();
    // The button went while the choices loaded; the card's heading kept the focus.
    expect(screen.getByRole('heading', { level: 2, name: 'E-mails' })).toHaveFocus();
  });
});
