import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import type { EmailVerification } from '../../../../../contract/email-verification';
import { emailPreferencesMachine } from '../../../../../machines/settings/email-preferences/email-preferences-machine';
import { emailVerificationMachine } from '../../../../../machines/settings/email-verification/email-verification-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { SettingsScreen } from '../../../../../src/features/settings/settings-screen';
import { renderWithProviders, residentProfile } from '../../../../support/render';

/** The answer of the latest call, so that a test can let it arrive. */
let latest: Promise<EmailVerification> | undefined;

/** The host's /api/v1/me/email-verification/ as a test scripts it. */
function verificationAgainst(host: {
  load: () => Promise<EmailVerification>;
  sendAgain?: () => Promise<EmailVerification>;
}) {
  return emailVerificationMachine.provide({
    actors: {
      loadVerification: fromPromise(() => (latest = host.load())),
      sendLinkAgain: fromPromise(
        () => (latest = (host.sendAgain ?? (async () => ({ verified: false })))()),
      ),
    },
  });
}

/** Settings' e-mail switches, from a host that does not offer them: not this test's subject. */
const withoutEmailPreferences = emailPreferencesMachine.provide({
  actors: {
    loadPreferences: fromPromise(() => Promise.reject(new ApiError('Not Found', { status: 404 }))),
  },
});

async function renderSettings(emailVerification: ReturnType<typeof verificationAgainst>) {
  const view = renderWithProviders(
    <Routes>
      <Route path="/settings" element={<SettingsScreen />} />
    </Routes>,
    {
      route: '/settings',
      session: { status: 'signed_in', profile: residentProfile },
      machines: { emailVerification, emailPreferences: withoutEmailPreferences },
    },
  );
  await act(async () => {
    await latest?.catch(() => undefined);
  });
  return view;
}

const notice = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });
const sendAgain = () => screen.getByRole('button', { name: 'Send the link again' });

test('an address that is not confirmed is said so, and "Send the link again" sends it', async () => {
  const sent: string[] = [];
  const { user } = await renderSettings(
    verificationAgainst({
      load: async () => ({ verified: false }),
      sendAgain: async () => {
        sent.push('link');
        return { verified: false };
      },
    }),
  );

  expect(notice()).toHaveTextContent(
    'Your e-mail address is not confirmed yet. Until it is, Kerbside sends you no permit e-mails. Open the link we e-mailed you when you registered.',
  );
  await user.click(sendAgain());

  expect(await screen.findByText('A new link is on its way to your e-mail address.')).toBeVisible();
  expect(sent).toEqual(['link']);
});

test('too many mails this hour, or a failure, is said in the notice, which offers the button still', async () => {
  const answers = [
    new ApiError('Too Many Requests', { status: 429 }),
    new ApiError('Server Error', { status: 500 }),
  ];
  const { user } = await renderSettings(
    verificationAgainst({
      load: async () => ({ verified: false }),
      sendAgain: () => Promise.reject(answers.shift()),
    }),
  );

  await user.click(sendAgain());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Too many e-mails have been sent to your address in the last hour. Please try again later.',
  );
  await user.click(sendAgain());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The link could not be sent. Please try again later.',
  );
});

test.each([
  ['a confirmed address', () => Promise.resolve({ verified: true })],
  [
    'a host without the capability (404)',
    () => Promise.reject(new ApiError('Not Found', { status: 404 })),
  ],
  [
    'a host without the capability (405)',
    () => Promise.reject(new ApiError('Method Not Allowed', { status: 405 })),
  ],
  ['a failed look-up', () => Promise.reject(new ApiError('Network Error', {}))],
])('shows nothing for %s', async (_case, load) => {
  await renderSettings(verificationAgainst({ load }));

  expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  expect(notice()).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
});
