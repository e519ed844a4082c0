import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { changePasswordMachine } from '../../../../../machines/settings/change-password/change-password-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { ChangePasswordScreen } from '../../../../../src/features/settings/change-password/change-password-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import { withControlledRequest } from '../../../../../machines/auth/shared/password-flow-samples';
import { expectErrorSummary, findErrorBanner } from '../../../../support/error-summary';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';

/** The real change-password screen and machine, signed in, with a fake API host. */
function renderScreen() {
  const controls = createActorControls();
  const machine = withControlledRequest(changePasswordMachine, controls);
  return {
    controls,
    ...renderWithProviders(<ChangePasswordScreen />, {
      machines: { changePassword: machine },
      route: '/settings/change-password',
      session: { status: 'signed_in', profile: residentProfile },
    }),
  };
}

const field = {
  current: () => screen.getByLabelText(/^Current password/),
  new: () => screen.getByLabelText(/^New password/),
  confirmation: () => screen.getByLabelText(/^Confirm new password/),
};
const updateButton = () => screen.getByRole('button', { name: 'Update Password' });

async function fillIn(
  user: UserEvent,
  {
    current = 'OldSecret1',
    next = 'NewSecret12',
    confirmation = next,
  }: { current?: string; next?: string; confirmation?: string } = {},
) {
  await user.type(field.current(), current);
  await user.type(field.new(), next);
  await user.type(field.confirmation(), confirmation);
}

async function submitAndRefuse(
  user: UserEvent,
  controls: ReturnType<typeof createActorControls>,
  failure: ApiError,
) {
  await fillIn(user);
  await user.click(updateButton());
  await act(async () => controls.reject('sendRequest', failure));
  return findErrorBanner();
}

test('asks for the current, new and confirmed password, with visible labels and the rule', () => {
  renderScreen();

  expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
  for (const input of [field.current(), field.new(), field.confirmation()]) {
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toBeRequired();
  }
  expect(field.new()).toHaveAccessibleDescription(
    /at least 8 characters with uppercase, lowercase and numeric characters/,
  );
  expect(updateButton()).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
    'href',
    '/settings',
  );
});

test('empty fields are not sent: the summary lists each, its links lead to the fields', async () => {
  const { controls, user } = renderScreen();

  await user.click(updateButton());

  const summary = await expectErrorSummary([
    'Current password is required',
    'New password is required',
    'Please confirm your new password',
  ]);
  expect(field.current()).toBeInvalid();
  expect(field.current()).toHaveAccessibleDescription('Current password is required');
  await user.click(within(summary).getByRole('link', { name: 'Current password is required' }));
  expect(field.current()).toHaveFocus();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('different new passwords are not sent: "New passwords do not match", linked to the confirmation', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user, { next: 'NewSecret12', confirmation: 'NewSecret21' });
  await user.click(updateButton());

  const summary = await expectErrorSummary(['New passwords do not match']);
  await user.click(within(summary).getByRole('link', { name: 'New passwords do not match' }));
  expect(field.confirmation()).toHaveFocus();
  expect(controls.inputs('sendRequest')).toEqual([]);
});

test('sends the current and new password: "Updating..." while busy, then the success message', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user);
  await user.click(updateButton());

  expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toEqual([
    {
      request: {
        current_password: 'OldSecret1',
        new_password: 'NewSecret12',
        email: residentProfile.email,
      },
    },
  ]);
  await act(async () => controls.resolve('sendRequest'));

  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Your password has been updated.'),
  );
  expect(screen.getByRole('button', { name: 'Success!' })).toBeDisabled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('Enter pressed twice sends one request', async () => {
  const { controls, user } = renderScreen();

  await fillIn(user, { confirmation: 'NewSecret12{Enter}{Enter}' });

  expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  expect(controls.inputs('sendRequest')).toHaveLength(1);
});

test('a refusal about the password lists each sentence as a bullet item', async () => {
  const { controls, user } = renderScreen();

  const alert = await submitAndRefuse(
    user,
    controls,
    new ApiError('Bad Request', {
      status: 400,
      body: {
        new_password: [
          'This password is too short. It must contain at least 8 characters.',
          'This password is too common.',
        ],
      },
    }),
  );

  const items = within(alert).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'This password is too short.',
    'It must contain at least 8 characters.',
    'This password is too common.',
  ]);
  expect(updateButton()).toBeEnabled();
});

test.each([
  [
    'the server’s text about something else',
    new ApiError('Too Many Requests', {
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 30 seconds.' },
    }),
    'Request was throttled. Expected available in 30 seconds.',
  ],
  [
    'the generic message when the server said nothing readable',
    new ApiError('Internal Server Error', { status: 500, body: '<html></html>' }),
    'Password change failed. Please try again.',
  ],
  [
    'the generic message when no answer came back',
    new ApiError('Network Error'),
    'Password change failed. Please try again.',
  ],
])('a refusal shows %s as one text, without bullets', async (_, failure, message) => {
  const { controls, user } = renderScreen();

  const alert = await submitAndRefuse(user, controls, failure);

  expect(alert).toHaveTextContent(exactly(message));
  expect(within(alert).queryByRole('listitem')).not.toBeInTheDocument();
});

test('a refusal keeps every value, and a corrected attempt clears the error and can succeed', async () => {
  const { controls, user } = renderScreen();
  await submitAndRefuse(
    user,
    controls,
    new ApiError('Bad Request', {
      status: 400,
      body: { current_password: ['Current password is incorrect.'] },
    }),
  );

  await expectErrorSummary(['Current password is incorrect.']);
  expect(field.current()).toHaveAttribute('aria-invalid', 'true');
  expect(field.current()).toHaveAccessibleDescription('Current password is incorrect.');
  expect(field.current()).toHaveValue('OldSecret1');
  expect(field.new()).toHaveValue('NewSecret12');
  expect(field.confirmation()).toHaveValue('NewSecret12');

  await user.clear(field.current());
  await user.type(field.current(), 'OldSecret2');
  await user.click(updateButton());

  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(controls.inputs('sendRequest')).toEqual([
    {
      request: {
        current_password: 'OldSecret1',
        new_password: 'NewSecret12',
        email: residentProfile.email,
      },
    },
    {
      request: {
        current_password: 'OldSecret2',
        new_password: 'NewSecret12',
        email: residentProfile.email,
      },
    },
  ]);
  await act(async () => controls.resolve('sendRequest'));
  expect(await screen.findByRole('status')).toHaveTextContent(
    exactly('Your password has been updated.'),
  );
});
