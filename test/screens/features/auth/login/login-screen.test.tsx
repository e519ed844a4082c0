import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { LoginCredentials, TokenResponse } from '../../../../../contract/auth';
import { loginMachine } from '../../../../../machines/auth/login/login-machine';
import { ApiError } from '../../../../../src/api/api-error';
import { LoginScreen } from '../../../../../src/features/auth/login/login-screen';
import { activateLanguage } from '../../../../../src/i18n/activate-language';
import { expectErrorSummary } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';

/** The real login machine, with a fake API host and identity provider behind it. */
function loginAgainst(api: {
  requestLogin: (credentials: LoginCredentials) => Promise<TokenResponse>;
  signInWithToken?: (customToken: string) => Promise<boolean>;
}) {
  const signInWithToken = api.signInWithToken ?? (async () => true);
  return loginMachine.provide({
    actors: {
      requestLogin: fromPromise(({ input }: { input: LoginCredentials }) =>
        api.requestLogin(input),
      ),
      signInWithToken: fromPromise(({ input }: { input: { customToken: string } }) =>
        signInWithToken(input.customToken),
      ),
    },
  });
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText(/^Password/);

async function signIn(user: UserEvent, email = 'jane.doe@example.test', password = 'Secret123') {
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

test('asks for a required email (type email) and a required password, with visible labels', () => {
  renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin: jest.fn() }) },
    route: '/login',
  });

  expect(emailField()).toHaveAttribute('type', 'email');
  expect(emailField()).toBeRequired();
  expect(passwordField()).toHaveAttribute('type', 'password');
  expect(passwordField()).toBeRequired();
});

test('links to the password reset and to registration', () => {
  renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin: jest.fn() }) },
    route: '/login',
  });

  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
});

test('an empty form is not sent, and says what is missing', async () => {
  const requestLogin = jest.fn();
  const { user } = renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin }) },
    route: '/login',
  });

  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  await expectErrorSummary(['Email is required', 'Password is required']);
  expect(emailField()).toHaveAccessibleDescription('Email is required');
  expect(emailField()).toBeInvalid();
  expect(requestLogin).not.toHaveBeenCalled();
});

test('signs in with the typed credentials: busy, then "Success!" and the redirect message', async () => {
  const answer = deferred<TokenResponse>();
  const requestLogin = jest.fn(() => answer.promise);
  const signInWithToken = jest.fn(async () => true);
  const { user } = renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin, signInWithToken }) },
    route: '/login',
  });

  await signIn(user, 'jane.doe@example.test', 'Secret123');

  expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  expect(requestLogin).toHaveBeenCalledWith({
    email: 'jane.doe@example.test',
    password: 'Secret123',
  });
  await act(async () => answer.resolve({ custom_token: 'custom-token-1' }));

  expect(await screen.findByRole('button', { name: 'Success!' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent(
    exactly('Login successful! Redirecting to dashboard...'),
  );
  expect(signInWithToken).toHaveBeenCalledWith('custom-token-1');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('Enter in the password field submits the form', async () => {
  const requestLogin = jest.fn(async () => ({ custom_token: 'custom-token-1' }));
  const { user } = renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin }) },
    route: '/login',
  });

  await user.type(emailField(), 'jane.doe@example.test');
  await user.type(passwordField(), 'Secret123{Enter}');

  expect(await screen.findByRole('button', { name: 'Success!' })).toBeInTheDocument();
  expect(requestLogin).toHaveBeenCalledTimes(1);
});

describe('docs/contract.md §8, Login: each failure shows its message', () => {
  test.each([
    [
      'the server’s detail when it gives one',
      new ApiError('Unauthorized', {
        status: 401,
        body: { detail: 'No active account found with the given credentials' },
      }),
      'No active account found with the given credentials',
    ],
    [
      '429',
      new ApiError('Too Many Requests', { status: 429, body: {} }),
      'Too many login attempts. Please wait a moment and try again.',
    ],
    [
      '500',
      new ApiError('Internal Server Error', { status: 500, body: {} }),
      'Server error. Please try again later or contact support.',
    ],
    [
      '503',
      new ApiError('Service Unavailable', { status: 503, body: '<html>' }),
      'Server error. Please try again later or contact support.',
    ],
    [
      '400',
      new ApiError('Bad Request', { status: 400, body: {} }),
      'Please check your email format and try again.',
    ],
    [
      'any other status',
      new ApiError('Unauthorized', { status: 401, body: {} }),
      'Login failed. Please check your credentials and try again.',
    ],
    [
      'no answer at all',
      new ApiError('Network Error'),
      'Login failed. Please check your credentials and try again.',
    ],
  ])('%s', async (_, failure, message) => {
    const { user } = renderWithProviders(<LoginScreen />, {
      machines: { login: loginAgainst({ requestLogin: () => Promise.reject(failure) }) },
      route: '/login',
    });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(exactly(message));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('in Welsh, the reference host’s detail and throttle are worded in Welsh', async () => {
    const failures = [
      new ApiError('Unauthorized', { status: 401, body: { detail: 'Invalid email or password.' } }),
      new ApiError('Too Many Requests', {
        status: 429,
        body: { detail: 'Too many failed login attempts. Try again in 12 seconds.' },
      }),
    ];
    const { user } = renderWithProviders(<LoginScreen />, {
      machines: { login: loginAgainst({ requestLogin: () => Promise.reject(failures.shift()) }) },
      route: '/login',
    });
    await act(() => activateLanguage('cy'));
    try {
      await user.type(screen.getByRole('textbox', { name: 'E-bost' }), 'jane.doe@example.test');
      await user.type(screen.getByLabelText(/^Cyfrinair/), 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Mewngofnodi' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        exactly('Cyfeiriad e-bost neu gyfrinair annilys.'),
      );
      await user.click(screen.getByRole('button', { name: 'Mewngofnodi' }));
      expect(
        await screen.findByText(
          'Gormod o ymdrechion aflwyddiannus i fewngofnodi. Rhowch gynnig arall arni ymhen 12 eiliad.',
        ),
      ).toBeInTheDocument();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  test.each([
    ['answers false', async () => false],
    ['fails', () => Promise.reject(new Error('auth/invalid-custom-token'))],
  ])('the identity provider rejects the token: it %s', async (_, signInWithToken) => {
    const { user } = renderWithProviders(<LoginScreen />, {
      machines: {
        login: loginAgainst({
          requestLogin: async () => ({ custom_token: 'custom-token-1' }),
          signInWithToken,
        }),
      },
      route: '/login',
    });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      exactly('Authentication failed. Please try again.'),
    );
  });

  test('no token but a warning: the warning, then "Please contact support."', async () => {
    const { user } = renderWithProviders(<LoginScreen />, {
      machines: {
        login: loginAgainst({
          requestLogin: async () => ({
            custom_token: null,
            warning: 'Your account is awaiting activation.',
          }),
        }),
      },
      route: '/login',
    });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      exactly('Your account is awaiting activation. Please contact support.'),
    );
  });

  test('no token and no warning', async () => {
    const { user } = renderWithProviders(<LoginScreen />, {
      machines: { login: loginAgainst({ requestLogin: async () => ({}) }) },
      route: '/login',
    });

    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      exactly('Authentication service unavailable. Please try again later.'),
    );
  });
});

test('a failed sign-in keeps what was typed, and a retry can succeed', async () => {
  const requestLogin = jest
    .fn<Promise<TokenResponse>, [LoginCredentials]>()
    .mockRejectedValueOnce(new ApiError('Internal Server Error', { status: 500 }))
    .mockResolvedValueOnce({ custom_token: 'custom-token-1' });
  const { user } = renderWithProviders(<LoginScreen />, {
    machines: { login: loginAgainst({ requestLogin }) },
    route: '/login',
  });

  await signIn(user, 'jane.doe@example.test', 'Secret123');
  await screen.findByRole('alert');

  expect(emailField()).toHaveValue('jane.doe@example.test');
  expect(passwordField()).toHaveValue('Secret123');

  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('button', { name: 'Success!' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(requestLogin).toHaveBeenLastCalledWith({
    email: 'jane.doe@example.test',
    password: 'Secret123',
  });
});
