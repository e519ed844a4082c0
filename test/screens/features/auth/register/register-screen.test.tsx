import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../../../../contract/auth';
import { registerMachine } from '../../../../../machines/auth/register/register-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { RegisterScreen } from '../../../../../src/features/auth/register/register-screen';
import { expectErrorSummary, findErrorBanner } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';

/** The real register machine, with a fake API host and identity provider behind it. */
function registerAgainst(api: {
  requestRegistration: (details: RegistrationDetails) => Promise<TokenResponse>;
  signInWithToken?: (customToken: string) => Promise<boolean>;
}) {
  const signInWithToken = api.signInWithToken ?? (async () => true);
  return registerMachine.provide({
    actors: {
      requestRegistration: fromPromise(({ input }: { input: RegistrationDetails }) =>
        api.requestRegistration(input),
      ),
      signInWithToken: fromPromise(({ input }: { input: { customToken: string } }) =>
        signInWithToken(input.customToken),
      ),
    },
  });
}

/** The register screen at /register, with a stand-in login page to be sent to. */
function renderRegisterScreen(machine: typeof registerMachine) {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterScreen />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route: '/register', machines: { register: machine } },
  );
}

const field = {
  inviteCode: () => screen.getByRole('textbox', { name: 'Invite code' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  firstName: () => screen.getByRole('textbox', { name: 'First name' }),
  lastName: () => screen.getByRole('textbox', { name: 'Last name' }),
  password: () => screen.getByLabelText(/^Password/),
};

const jane: RegistrationDetails = {
  invite_code: 'KERBSIDE-DEMO',
  email: 'jane.doe@example.test',
  first_name: 'Jane',
  last_name: 'Doe',
  password: 'Secret123',
};

async function fillIn(user: UserEvent, details = jane) {
  await user.type(field.inviteCode(), details.invite_code);
  await user.type(field.email(), details.email);
  await user.type(field.firstName(), details.first_name);
  await user.type(field.lastName(), details.last_name);
  await user.type(field.password(), details.password);
}

const createAccount = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: 'Create account' }));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

test('asks for all five details, each labelled and required, the e-mail as type email', () => {
  renderRegisterScreen(registerAgainst({ requestRegistration: jest.fn() }));

  for (const input of Object.values(field)) expect(input()).toBeRequired();
  expect(field.email()).toHaveAttribute('type', 'email');
  expect(field.password()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});

test('an incomplete form is not sent, and says what is missing', async () => {
  const requestRegistration = jest.fn();
  const { user } = renderRegisterScreen(registerAgainst({ requestRegistration }));

  await user.type(field.email(), jane.email);
  await createAccount(user);

  const summary = await expectErrorSummary([
    'Invite code is required',
    'First name is required',
    'Last name is required',
    'Password is required',
  ]);
  expect(field.inviteCode()).toHaveAccessibleDescription('Invite code is required');
  expect(field.inviteCode()).toHaveAttribute('aria-invalid', 'true');
  expect(field.email()).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  await user.click(within(summary).getByRole('link', { name: 'Last name is required' }));
  expect(field.lastName()).toHaveFocus();
  expect(requestRegistration).not.toHaveBeenCalled();
});

test('tabbing past empty fields says nothing until the form is sent', async () => {
  const { user } = renderRegisterScreen(registerAgainst({ requestRegistration: jest.fn() }));

  await user.click(field.inviteCode());
  for (let stop = 0; stop < 5; stop += 1) await user.tab();

  expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
  expect(field.inviteCode()).not.toHaveAttribute('aria-invalid', 'true');
});

test('registers with the typed details: busy, then "Success!" and the redirect message', async () => {
  const answer = deferred<TokenResponse>();
  const requestRegistration = jest.fn(() => answer.promise);
  const signInWithToken = jest.fn(async () => true);
  const { user } = renderRegisterScreen(registerAgainst({ requestRegistration, signInWithToken }));

  await fillIn(user);
  await createAccount(user);

  expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  expect(requestRegistration).toHaveBeenCalledWith(jane);
  await act(async () => answer.resolve({ custom_token: 'custom-token-1' }));

  expect(await screen.findByRole('button', { name: 'Success!' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent(
    exactly('Registration successful! Redirecting to dashboard...'),
  );
  expect(signInWithToken).toHaveBeenCalledWith('custom-token-1');
});

describe('docs/contract.md §8, Register: a refused registration shows its message and stays', () => {
  test.each([
    [
      'the server’s error field',
      new ApiError('Bad Request', {
        status: 400,
        body: { error: 'This invite code has been used up.' },
      }),
      'This invite code has been used up.',
    ],
    [
      'the field messages, as sentences',
      new ApiError('Bad Request', {
        status: 400,
        body: {
          email: ['A user with this email already exists.'],
          password: ['This password is too common'],
          invite_code: ['Invalid invite code'],
          permit_limit: ['Permit limit must be at least 1.'],
        },
      }),
      'A user with this email already exists. This password is too common. Invalid invite code. Permit limit must be at least 1.',
    ],
    [
      'neither',
      new ApiError('Bad Request', { status: 400, body: {} }),
      'Registration failed. Please check your details and try again.',
    ],
    [
      'no answer at all',
      new ApiError('Network Error'),
      'Registration failed. Please check your details and try again.',
    ],
    [
      '429',
      new ApiError('Too Many Requests', { status: 429, body: {} }),
      'Too many registration attempts. Please wait a moment and try again.',
    ],
    [
      '500',
      new ApiError('Internal Server Error', { status: 500, body: {} }),
      'Server error. Please try again later or contact support.',
    ],
  ])('%s', async (_, failure, message) => {
    const { user } = renderRegisterScreen(
      registerAgainst({ requestRegistration: () => Promise.reject(failure) }),
    );

    await fillIn(user);
    await createAccount(user);

    expect(await findErrorBanner()).toHaveTextContent(exactly(message));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  test('what was typed stays, and a retry can succeed', async () => {
    const requestRegistration = jest
      .fn<Promise<TokenResponse>, [RegistrationDetails]>()
      .mockRejectedValueOnce(
        new ApiError('Bad Request', {
          status: 400,
          body: { invite_code: ['Invalid invite code'] },
        }),
      )
      .mockResolvedValueOnce({ custom_token: 'custom-token-1' });
    const { user } = renderRegisterScreen(registerAgainst({ requestRegistration }));

    await fillIn(user, { ...jane, invite_code: 'WRONG' });
    await createAccount(user);
    await findErrorBanner();
    // The server's word on the invite code shows on that field, and the summary (which has focus)
    // links to it.
    await expectErrorSummary(['Invalid invite code']);
    expect(field.inviteCode()).toHaveAttribute('aria-invalid', 'true');
    expect(field.inviteCode()).toHaveAccessibleDescription('Invalid invite code');
    expect(field.email()).not.toHaveAttribute('aria-invalid', 'true');

    expect(field.inviteCode()).toHaveValue('WRONG');
    expect(field.email()).toHaveValue(jane.email);
    expect(field.firstName()).toHaveValue(jane.first_name);
    expect(field.lastName()).toHaveValue(jane.last_name);
    expect(field.password()).toHaveValue(jane.password);

    await user.clear(field.inviteCode());
    await user.type(field.inviteCode(), 'KERBSIDE-DEMO');
    await createAccount(user);

    expect(await screen.findByRole('button', { name: 'Success!' })).toBeInTheDocument();
    expect(requestRegistration).toHaveBeenLastCalledWith(jane);
  });
});

describe('docs/contract.md §8, Register: account created but not signed in, so /login after 3 seconds', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test.each([
    [
      'no token but a warning',
      { requestRegistration: async () => ({ warning: 'Your account needs approval.' }) },
      'Your account needs approval. Please log in with your credentials',
    ],
    [
      'no token and no warning',
      { requestRegistration: async () => ({ custom_token: null }) },
      'Registration successful but authentication failed. Please log in.',
    ],
    [
      'the token is rejected',
      {
        requestRegistration: async () => ({ custom_token: 'custom-token-1' }),
        signInWithToken: async () => false,
      },
      'Authentication failed after registration. Please log in manually.',
    ],
    [
      'the token sign-in fails',
      {
        requestRegistration: async () => ({ custom_token: 'custom-token-1' }),
        signInWithToken: () => Promise.reject(new Error('auth/network-request-failed')),
      },
      'Authentication failed after registration. Please log in manually.',
    ],
  ])('%s', async (_, api, message) => {
    renderRegisterScreen(registerAgainst(api));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await fillIn(user);
    await createAccount(user);

    expect(await findErrorBanner()).toHaveTextContent(exactly(message));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  test('a refused registration does not redirect', async () => {
    renderRegisterScreen(
      registerAgainst({
        requestRegistration: () => Promise.reject(new ApiError('Bad Request', { status: 400 })),
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await fillIn(user);
    await createAccount(user);
    await findErrorBanner();
    act(() => jest.advanceTimersByTime(10_000));

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });
});
