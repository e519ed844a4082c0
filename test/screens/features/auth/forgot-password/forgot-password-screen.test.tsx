import { act, screen, within } from '@testing-library/react';
import { forgotPasswordMachine } from '../../../../../machines/auth/forgot-password/forgot-password-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { ForgotPasswordScreen } from '../../../../../src/features/auth/forgot-password/forgot-password-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import { withControlledRequest } from '../../../../../machines/auth/shared/password-flow-samples';
import { expectErrorSummary } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';

/** The real forgot-password screen and machine, with a fake API host the test answers for. */
function renderScreen() {
  const controls = createActorControls();
  const machine = withControlledRequest(forgotPasswordMachine, controls);
  return {
    controls,
    ...renderWithProviders(<ForgotPasswordScreen />, {
      machines: { forgotPassword: machine },
      route: '/forgot-password',
    }),
  };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const sendButton = () => screen.getByRole('button', { name: 'Send Reset Link' });

test('asks for a required e-mail with a visible label, and links back to login', () => {
  renderScreen();

  expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  expect(emailField()).toHaveAttribute('type', 'email');
  expect(emailField()).toBeRequired();
  expect(sendButton()).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
});

test('an empty e-mail is not sent: the summary says so, and its link leads to the field', async () => {
  const { controls, user } = renderScreen();

  await user.click(sendButton());

  const summary = await expectErrorSummary(['Email is required']);
  expect(emailField()).toBeInvalid();
  expect(emailField()).toHaveAccessibleDescription('Email is required');
  await user.click(within(summary).getByRole('link', { name: 'Email is required' }));
  expect(emailField()).toHaveFocus();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('a malformed address is not sent: the field says how to write one', async () => {
  const { controls, user } = renderScreen();

  await user.type(emailField(), 'jane@localhost');
  await user.click(sendButton());

  await expectErrorSummary(['Enter an email address in the correct format, like name@example.com']);
  expect(emailField()).toHaveAccessibleDescription(
    'Enter an email address in the correct format, like name@example.com',
  );
  expect(screen.queryByText(/Failed to send reset email/)).not.toBeInTheDocument();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('an address the server refuses is named on the field as well as in the banner', async () => {
  const { controls, user } = renderScreen();
  await user.type(emailField(), 'jane.doe@example.test');
  await user.click(sendButton());

  await act(async () =>
    controls.reject(
      'sendRequest',
      new ApiError('Bad Request', { status: 400, body: { email: ['Enter a valid email.'] } }),
    ),
  );

  const summary = await expectErrorSummary([
    'Enter an email address in the correct format, like name@example.com',
  ]);
  expect(summary).toHaveFocus();
  expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  expect(emailField()).toHaveAccessibleDescription(
    'Enter an email address in the correct format, like name@example.com',
  );
  expect(screen.getByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
});

test('sends the e-mail: "Sending..." while busy, then the check-your-email text', async () => {
  const { controls, user } = renderScreen();

  await user.type(emailField(), ' jane.doe@example.test ');
  await user.click(sendButton());

  expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toEqual([{ request: { email: 'jane.doe@example.test' } }]);
  await act(async () => controls.resolve('sendRequest'));

  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Check your email: If the email is registered, a reset link has been sent'),
  );
  expect(screen.getByRole('button', { name: 'Success!' })).toBeDisabled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to login' })).toBeInTheDocument();
});

test('a mistyped address, seen after sending, is corrected and sent again', async () => {
  const { controls, user } = renderScreen();
  await user.type(emailField(), 'jane.doe@exmaple.test{Enter}');
  await act(async () => controls.resolve('sendRequest'));
  await screen.findByRole('status');

  await user.dblClick(screen.getByRole('button', { name: 'Success!' }));
  expect(controls.inputs('sendRequest')).toHaveLength(1);

  await user.clear(emailField());
  await user.type(emailField(), 'jane.doe@example.test');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  await user.click(sendButton());

  expect(controls.inputs('sendRequest')).toEqual([
    { request: { email: 'jane.doe@exmaple.test' } },
    { request: { email: 'jane.doe@example.test' } },
  ]);
  await act(async () => controls.resolve('sendRequest'));
  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Check your email: If the email is registered, a reset link has been sent'),
  );
});

test('Enter pressed twice sends one request', async () => {
  const { controls, user } = renderScreen();

  await user.type(emailField(), 'jane.doe@example.test{Enter}{Enter}');

  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toHaveLength(1);
});

test.each([
  [
    'a refused address',
    new ApiError('Bad Request', { status: 400, body: { email: ['Enter a valid email address.'] } }),
  ],
  ['a server error', new ApiError('Internal Server Error', { status: 500 })],
  ['no answer', new ApiError('Network Error')],
])(
  'any failure (%s) says "Failed to send reset email. Please try again." and keeps the e-mail',
  async (_, failure) => {
    const { controls, user } = renderScreen();
    await user.type(emailField(), 'jane.doe@example.test');
    await user.click(sendButton());

    await act(async () => controls.reject('sendRequest', failure));

    expect(
      await screen.findByText(exactly('Failed to send reset email. Please try again.')),
    ).toBeInTheDocument();
    expect(emailField()).toHaveValue('jane.doe@example.test');
    expect(sendButton()).toBeEnabled();
  },
);

test('after a failure a new attempt clears the error and can succeed', async () => {
  const { controls, user } = renderScreen();
  await user.type(emailField(), 'jane.doe@example.test');
  await user.click(sendButton());
  await act(async () => controls.reject('sendRequest', new ApiError('Network Error')));
  await screen.findByRole('alert');

  await user.click(sendButton());

  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await act(async () => controls.resolve('sendRequest'));
  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Check your email: If the email is registered, a reset link has been sent'),
  );
  expect(controls.inputs('sendRequest')).toEqual([
    { request: { email: 'jane.doe@example.test' } },
    { request: { email: 'jane.doe@example.test' } },
  ]);
});
