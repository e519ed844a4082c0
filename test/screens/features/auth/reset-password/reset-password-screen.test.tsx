import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { resetPasswordMachine } from '../../../../../machines/auth/reset-password/reset-password-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { ResetPasswordScreen } from '../../../../../src/features/auth/reset-password/reset-password-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import { withControlledRequest } from '../../../../../machines/auth/shared/password-flow-samples';
import { expectErrorSummary, findErrorBanner } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';

/** The real reset-password screen and machine at `route`, with a fake API host. */
function renderScreen(route = '/reset-password?uid=MTI&token=c4kq2z-5f0b1e') {
  const controls = createActorControls();
  const machine = withControlledRequest(resetPasswordMachine, controls);
  return {
    controls,
    ...renderWithProviders(<ResetPasswordScreen />, {
      machines: { resetPassword: machine },
      route,
    }),
  };
}

const passwordField = () => screen.getByLabelText(/^New password/);
const confirmationField = () => screen.getByLabelText(/^Confirm new password/);
const resetButton = () => screen.getByRole('button', { name: 'Reset Password' });

async function fillIn(user: UserEvent, password: string, confirmation = password) {
  await user.type(passwordField(), password);
  await user.type(confirmationField(), confirmation);
}

test('asks for the new password twice, with visible labels', () => {
  renderScreen();

  expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  for (const field of [passwordField(), confirmationField()]) {
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toBeRequired();
  }
  expect(resetButton()).toBeEnabled();
  expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();
});

test.each([
  '/reset-password',
  '/reset-password?uid=MTI',
  '/reset-password?token=c4kq2z-5f0b1e',
  '/reset-password?uid=&token=c4kq2z-5f0b1e',
])('a link without both uid and token (%s) is refused, without a form', (route) => {
  renderScreen(route);

  expect(screen.getByRole('alert')).toHaveTextContent(exactly('Invalid or expired reset link'));
  expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('shows the password rule under the new password, as registration does', () => {
  renderScreen();

  expect(passwordField()).toHaveAccessibleDescription(
    'At least 8 characters, with uppercase, lowercase and numeric characters.',
  );
});

test('empty fields are not sent: the summary lists each, its links lead to the fields', async () => {
  const { controls, user } = renderScreen();

  await user.click(resetButton());

  const summary = await expectErrorSummary([
    'New password is required',
    'Please confirm your new password',
  ]);
  expect(confirmationField()).toHaveAccessibleDescription('Please confirm your new password');
  await user.click(within(summary).getByRole('link', { name: 'New password is required' }));
  expect(passwordField()).toHaveFocus();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('different passwords are not sent: "Passwords do not match." and its link to the confirmation', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user, 'NewSecret12', 'NewSecret13');
  await user.click(resetButton());

  const summary = await expectErrorSummary(['Passwords do not match.']);
  expect(confirmationField()).toBeInvalid();
  await user.click(within(summary).getByRole('link', { name: 'Passwords do not match.' }));
  expect(confirmationField()).toHaveFocus();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('sends the link’s uid and token with the password, then "Password reset successful!"', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user, 'NewSecret12');
  await user.click(resetButton());

  expect(screen.getByRole('button', { name: 'Resetting password...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toEqual([
    { request: { uid: 'MTI', token: 'c4kq2z-5f0b1e', password: 'NewSecret12' } },
  ]);
  await act(async () => controls.resolve('sendRequest'));

  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Password reset successful!'),
  );
  expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('button', { name: 'Success!' })).toBeDisabled();
});

test('Enter pressed twice sends one request', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user, 'NewSecret12', 'NewSecret12{Enter}{Enter}');

  expect(await screen.findByRole('button', { name: 'Resetting password...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toHaveLength(1);
});

test.each([
  [
    'the server’s detail',
    new ApiError('Bad Request', { status: 400, body: { detail: 'Invalid or expired reset link' } }),
    'Invalid or expired reset link',
  ],
  [
    'the server’s word on the password',
    new ApiError('Bad Request', {
      status: 400,
      body: { password: ['This password is too short. It must contain at least 8 characters.'] },
    }),
    'This password is too short. It must contain at least 8 characters.',
  ],
  [
    'no readable message',
    new ApiError('Internal Server Error', { status: 500, body: '<html></html>' }),
    'Password reset failed. Please try again.',
  ],
])('a refusal shows %s and keeps the passwords', async (_, failure, message) => {
  const { controls, user } = renderScreen();
  await fillIn(user, 'NewSecret12');
  await user.click(resetButton());

  await act(async () => controls.reject('sendRequest', failure));

  expect(await findErrorBanner()).toHaveTextContent(exactly(message));
  expect(passwordField()).toHaveValue('NewSecret12');
  expect(confirmationField()).toHaveValue('NewSecret12');
  expect(resetButton()).toBeEnabled();
  expect(screen.queryByRole('link', { name: 'Go to Login' })).not.toBeInTheDocument();
});

test('after a refusal a corrected password can be sent', async () => {
  const { controls, user } = renderScreen();
  await fillIn(user, 'password');
  await user.click(resetButton());
  await act(async () =>
    controls.reject(
      'sendRequest',
      new ApiError('Bad Request', {
        status: 400,
        body: { password: ['This password is too common.'] },
      }),
    ),
  );
  await findErrorBanner();
  // The server's word shows on the field it is about, as well as in the summary.
  expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
  expect(passwordField()).toHaveAccessibleDescription(
    'At least 8 characters, with uppercase, lowercase and numeric characters. This password is too common.',
  );

  await user.clear(passwordField());
  await user.clear(confirmationField());
  await fillIn(user, 'NewSecret12');
  await user.click(resetButton());

  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(controls.inputs('sendRequest')).toEqual([
    { request: { uid: 'MTI', token: 'c4kq2z-5f0b1e', password: 'password' } },
    { request: { uid: 'MTI', token: 'c4kq2z-5f0b1e', password: 'NewSecret12' } },
  ]);
  await act(async () => controls.resolve('sendRequest'));
  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Password reset successful!'),
  );
});
