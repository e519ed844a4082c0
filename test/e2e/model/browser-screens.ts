import type { Locator, Page, Request } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  LoginCredentials,
  PasswordChange,
  PasswordResetConfirmation,
  RegistrationDetails,
} from '../../../contract/auth';
import type { PasswordResetRequest } from '../../../machines/auth/forgot-password-machine';
import type { PasswordFormContext } from '../../../machines/auth/password-form-machine';
import { resetLink } from '../../machines/password-machines-fixtures';
import type { BrowserScreen } from './browser-driver';
import { signInWithTokenRoute } from './forged-identity';
import { jsonActorRoute } from './routed-backend';

const post = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

/** Text as the user reads it: runs of white space are one space. */
export const shownText = async (locator: Locator) =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

export async function expectButton(page: Page, name: string, enabled: boolean) {
  const button = page.getByRole('button', { name, exact: true });
  await button.waitFor();
  expect(await button.isEnabled()).toBe(enabled);
}

export async function expectAlert(page: Page, text: string) {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await shownText(alert)).toBe(text.replace(/\s+/g, ' ').trim());
}

export async function expectNo(page: Page, role: 'alert' | 'status') {
  expect(await page.getByRole(role).count()).toBe(0);
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/**
 * Sign-in and registration end with the session fetching the profile and the public route
 * leaving for the dashboard; that fetch is held so the success the path reached stays on screen.
 */
const holdProfile = (request: Request) =>
  new URL(request.url()).pathname === '/api/v1/auth/profile/' ? ('hold' as const) : null;

const tokenSignIn = signInWithTokenRoute(() => Date.now());

/** The form states every token sign-in screen shows alike: busy, success, refused, idle. */
async function expectSignInState(
  page: Page,
  state: AnyMachineSnapshot,
  labels: { submit: string; busy: string; success: string },
) {
  if (state.matches('submitting')) {
    await expectButton(page, labels.busy, false);
    await expectNo(page, 'alert');
  } else if (state.matches('success')) {
    await expectButton(page, 'Success!', false);
    expect(await shownText(page.getByRole('status'))).toBe(labels.success);
  } else if (state.matches('error')) {
    await expectAlert(page, state.context.errorMessage as string);
  } else {
    await expectButton(page, labels.submit, true);
    await expectNo(page, 'alert');
    await expectNo(page, 'status');
  }
}

const loginScreen: BrowserScreen = {
  flow: 'login',
  route: '/login',
  signedIn: false,
  actorRoutes: {
    requestLogin: jsonActorRoute(post('/api/v1/auth/login/')),
    signInWithToken: tokenSignIn,
  },
  background: holdProfile,
  ready: (page) => page.getByRole('button', { name: 'Sign in', exact: true }).waitFor(),
  async send(page, event) {
    const { email, password } = (event as { type: string; values: LoginCredentials }).values;
    await textbox(page, 'Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  },
  async expectState(page, state) {
    await expectSignInState(page, state, {
      submit: 'Sign in',
      busy: 'Signing in...',
      success: 'Login successful! Redirecting to dashboard...',
    });
    if (state.matches('error')) await expectButton(page, 'Sign in', true);
  },
};

const registerFields: ReadonlyArray<[keyof RegistrationDetails, string]> = [
  ['invite_code', 'Invite code'],
  ['email', 'Email'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
];

const registerScreen: BrowserScreen = {
  flow: 'register',
  route: '/register',
  signedIn: false,
  actorRoutes: {
    requestRegistration: jsonActorRoute(post('/api/v1/auth/register/')),
    signInWithToken: tokenSignIn,
  },
  background: holdProfile,
  ready: (page) => page.getByRole('button', { name: 'Create account', exact: true }).waitFor(),
  async send(page, event) {
    const { values } = event as { type: string; values: RegistrationDetails };
    for (const [name, label] of registerFields) await textbox(page, label).fill(values[name]);
    await page.getByLabel(/^Password/).fill(values.password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
  },
  async expectState(page, state) {
    if (state.matches({ error: 'redirected' })) {
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      return;
    }
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectSignInState(page, state, {
      submit: 'Create account',
      busy: 'Creating account...',
      success: 'Registration successful! Redirecting to dashboard...',
    });
  },
};

/** A password form: its fields, its button's labels, and what success says. */
function passwordScreen<TRequest>(screen: {
  flow: string;
  route: string;
  signedIn: boolean;
  apiPath: string;
  fillIn(page: Page, request: TRequest): Promise<void>;
  submit: string;
  busy: string;
  success: string;
}): BrowserScreen {
  return {
    flow: screen.flow,
    route: screen.route,
    signedIn: screen.signedIn,
    actorRoutes: { sendRequest: jsonActorRoute(post(screen.apiPath)) },
    ready: (page) => page.getByRole('button', { name: screen.submit, exact: true }).waitFor(),
    async send(page, event: AnyEventObject) {
      await screen.fillIn(page, (event as { type: string; values: TRequest }).values);
      await page.getByRole('button', { name: screen.submit, exact: true }).click();
    },
    async expectState(page, state) {
      if (state.matches('submitting')) {
        await expectButton(page, screen.busy, false);
        await expectNo(page, 'alert');
      } else if (state.matches('success')) {
        await expectButton(page, 'Success!', false);
        expect(await shownText(page.getByRole('status'))).toBe(screen.success);
      } else if (state.matches('error')) {
        const { error } = state.context as PasswordFormContext;
        const alert = page.getByRole('alert');
        await alert.waitFor();
        if (error && error.items.length > 0) {
          const items = await alert.getByRole('listitem').allTextContents();
          expect(items).toEqual(error.items);
        } else {
          expect(await shownText(alert)).toBe(error?.message ?? '');
        }
        await expectButton(page, screen.submit, true);
      } else {
        await expectButton(page, screen.submit, true);
        await expectNo(page, 'alert');
        await expectNo(page, 'status');
      }
    },
  };
}

const forgotPasswordScreen = passwordScreen<PasswordResetRequest>({
  flow: 'forgotPassword',
  route: '/forgot-password',
  signedIn: false,
  apiPath: '/api/v1/auth/password-reset/',
  fillIn: (page, { email }) => textbox(page, 'Email').fill(email),
  submit: 'Send Reset Link',
  busy: 'Sending...',
  success: 'Check your email: If the email is registered, a reset link has been sent',
});

const resetPasswordScreen = passwordScreen<PasswordResetConfirmation>({
  flow: 'resetPassword',
  route: `/reset-password?uid=${resetLink.uid}&token=${resetLink.token}`,
  signedIn: false,
  apiPath: '/api/v1/auth/password-reset-confirm/',
  async fillIn(page, { uid, token, password }) {
    // The link, not the user, supplies uid and token: the samples must match the opened link.
    expect({ uid, token }).toEqual(resetLink);
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Confirm new password/).fill(password);
  },
  submit: 'Reset Password',
  busy: 'Resetting password...',
  success: 'Password reset successful!',
});

const changePasswordScreen = passwordScreen<PasswordChange>({
  flow: 'changePassword',
  route: '/settings/change-password',
  signedIn: true,
  apiPath: '/api/v1/auth/change-password/',
  async fillIn(page, { current_password, new_password }) {
    await page.getByLabel(/^Current password/).fill(current_password);
    await page.getByLabel(/^New password/).fill(new_password);
    await page.getByLabel(/^Confirm new password/).fill(new_password);
  },
  submit: 'Update Password',
  busy: 'Updating...',
  success: 'Your password has been updated.',
});

/** Every screen the generated paths run on in Chromium. */
export const browserScreens: readonly BrowserScreen[] = [
  loginScreen,
  registerScreen,
  forgotPasswordScreen,
  resetPasswordScreen,
  changePasswordScreen,
];
