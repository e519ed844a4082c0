import type { MessageDescriptor } from '@lingui/core';
import type { Locator, Page, Request } from 'playwright-core';
import { i18n } from '../../../src/i18n/i18n';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  LoginCredentials,
  PasswordResetConfirmation,
  RegistrationDetails,
} from '../../../contract/auth';
import type { PasswordResetRequest } from '../../../machines/auth/forgot-password/forgot-password-machine';
import type { ChangePasswordRequest } from '../../../machines/settings/change-password/change-password-machine';
import type { PasswordFormContext } from '../../../machines/auth/shared/password-form-machine';
import type { Permit } from '../../../contract/permit';
import type { PermitFormValues } from '../../../machines/permits/permit-form/permit-form-values';
import type { PermitDialogError } from '../../../machines/permits/permit-dialogs/permit-action-error-message';
import type { UpdatePermitFormValues } from '../../../machines/permits/permit-dialogs/update-permit-form';
import { inEnglish } from '../../support/in-english';
import { resetLink } from '../../../machines/auth/shared/password-flow-samples';
import { sentencesOf } from '../../../machines/sentences';
import {
  addPermitInput,
  addPermitSite,
} from '../../../machines/permits/add-permit/add-permit-flow-samples';
import {
  scheduledPermit,
  schedulingSite,
} from '../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import type { BrowserScreen } from './browser-driver';
import { signInWithTokenRoute } from './forged-identity';
import { httpFailureAnswer, jsonActorRoute } from './routed-backend';

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

/** The form's error banner (the spec's message), as against the error summary above the fields,
 * which is named by its heading ("There is a problem"). */
export const errorBanner = (scope: Page | Locator) =>
  scope.locator('[role="alert"]:not([aria-labelledby])');

export async function expectAlert(page: Page, text: string) {
  const alert = errorBanner(page);
  await alert.waitFor();
  expect(await shownText(alert)).toBe(text.replace(/\s+/g, ' ').trim());
}

/**
 * Puts a `datetime-local` value ('2026-06-02T18:00', or '' to empty it) in the GOV.UK date input
 * whose legend starts with `label` (src/ui/date-time-input.tsx): Day, Month, Year, Hour, Minute.
 */
async function fillDateTime(scope: Page | Locator, label: RegExp, value: string) {
  const group = scope.getByRole('group', { name: label });
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minute = ''] = time.split(':');
  const parts: Array<[string, string]> = [
    ['Day', day],
    ['Month', month],
    ['Year', year],
    ['Hour', hour],
    ['Minute', minute],
  ];
  for (const [box, digits] of parts) {
    await group.getByRole('textbox', { name: box, exact: true }).fill(digits);
  }
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
  } else if (state.matches('success') || state.matches('signedIn')) {
    // Signed in, the app would leave for the dashboard once the profile comes (held here).
    await expectButton(page, 'Success!', false);
    expect(await shownText(page.getByRole('status'))).toBe(labels.success);
  } else if (state.matches('error')) {
    // A descriptor when the server's warning sits in the spec's words (login, register).
    await expectAlert(page, inEnglish(state.context.errorMessage));
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
  /** The gestures of an EDIT: a change to the form after success (a screen whose model has it). */
  edit?(page: Page): Promise<void>;
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
      if (event.type === 'EDIT') {
        if (!screen.edit) throw new Error(`The ${screen.flow} screen has no EDIT gesture`);
        await screen.edit(page);
        return;
      }
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
        const alert = errorBanner(page);
        await alert.waitFor();
        if (error && error.items.length > 0) {
          const items = await alert.getByRole('listitem').allTextContents();
          expect(items).toEqual(error.items.flatMap(sentencesOf));
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
  edit: (page) => textbox(page, 'Email').fill('jane.doe@example.org'),
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

const changePasswordScreen = passwordScreen<ChangePasswordRequest>({
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

const permitPath = (action: string) => `/api/v1/permits/${scheduledPermit.id}/${action}/`;

/** My Permits listing the fixtures' scheduled permit, on a site that allows scheduling. */
function listingScheduledPermit(request: Request) {
  const { pathname } = new URL(request.url());
  if (pathname === '/api/v1/permits/' && request.method() === 'GET') {
    return { status: 200, body: { count: 1, results: [scheduledPermit] } };
  }
  if (pathname === '/api/v1/site-settings/') return { status: 200, body: schedulingSite };
  return null;
}

/** Opens a dialog from the scheduled permit's row, as the resident does. */
async function openFromRow(page: Page, action: RegExp, dialog: Locator) {
  await page
    .getByRole('table', { name: 'Permits' })
    .getByRole('row')
    .filter({ hasText: scheduledPermit.vrm })
    .getByRole('button', { name: action })
    .click();
  await dialog.waitFor();
}

async function expectDialogError(dialog: Locator, error: PermitDialogError | null) {
  if (error) expect(await shownText(errorBanner(dialog))).toBe(`${error.title}${error.message}`);
  else expect(await dialog.getByRole('alert').count()).toBe(0);
}

async function expectEnabled(dialog: Locator, name: string, enabled: boolean) {
  const button = dialog.getByRole('button', { name, exact: true });
  await button.waitFor();
  expect(await button.isEnabled()).toBe(enabled);
}

/** Set Permit Live Now or Cancel Permit: CONFIRM is the confirm button, DISMISS is Escape. */
function permitActionDialog(subject: {
  flow: string;
  action: 'activate' | 'cancel';
  rowButton: RegExp;
  title: string;
  confirm: string;
  busy: string;
  dismiss: string;
}): BrowserScreen {
  const dialog = (page: Page) => page.getByRole('alertdialog', { name: subject.title });
  return {
    flow: subject.flow,
    route: '/my-permits',
    signedIn: true,
    actorRoutes: { [subject.flow]: jsonActorRoute(post(permitPath(subject.action))) },
    background: listingScheduledPermit,
    ready: (page) => openFromRow(page, subject.rowButton, dialog(page)),
    async send(page, event) {
      if (event.type === 'CONFIRM') {
        await dialog(page).getByRole('button', { name: subject.confirm, exact: true }).click();
      } else {
        await page.keyboard.press('Escape');
      }
    },
    async expectState(page, state) {
      if (state.status === 'done') {
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        return;
      }
      const shown = dialog(page);
      await shown.waitFor();
      if (state.hasTag('busy')) {
        await expectEnabled(shown, subject.busy, false);
        await expectEnabled(shown, subject.dismiss, false);
      } else {
        await expectEnabled(shown, subject.confirm, true);
        await expectEnabled(shown, subject.dismiss, true);
      }
      await expectDialogError(shown, (state.context as { error: PermitDialogError | null }).error);
    },
  };
}

const updateDialog = (page: Page) => page.getByRole('dialog', { name: 'Update Scheduled Permit' });

/** Update: SUBMIT is choosing the event's times and pressing "Update Schedule". */
const updatePermitScreen: BrowserScreen = {
  flow: 'updatePermit',
  route: '/my-permits',
  signedIn: true,
  // Before the fixtures' new times (12:00:30 in London on 1 June 2026), so the form takes them.
  clockTime: new Date('2026-06-01T11:00:30Z'),
  actorRoutes: {
    updatePermit: jsonActorRoute(
      (request) =>
        request.method() === 'PATCH' &&
        new URL(request.url()).pathname === permitPath('full_update'),
    ),
  },
  background: listingScheduledPermit,
  ready: (page) => openFromRow(page, /^Update/, updateDialog(page)),
  async send(page, event) {
    const dialog = updateDialog(page);
    if (event.type === 'DISMISS') {
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      return;
    }
    const { values } = event as { type: string; values: UpdatePermitFormValues };
    await fillDateTime(dialog, /^New start date/, values.start);
    await fillDateTime(dialog, /^New expiry date/, values.end);
    await dialog.getByRole('button', { name: 'Update Schedule', exact: true }).click();
  },
  async expectState(page, state) {
    if (state.status === 'done') {
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      return;
    }
    const dialog = updateDialog(page);
    await dialog.waitFor();
    if (state.hasTag('busy')) {
      await expectEnabled(dialog, 'Updating Schedule...', false);
      await expectEnabled(dialog, 'Cancel', false);
    } else {
      await expectEnabled(dialog, 'Update Schedule', true);
      await expectEnabled(dialog, 'Cancel', true);
    }
    await expectDialogError(dialog, (state.context as { error: PermitDialogError | null }).error);
  },
};

const confirmBox = (page: Page) =>
  page.getByRole('checkbox', { name: 'This registration is correct' });

/**
 * Add New Permit on the model's site and day: VRM.CHANGED is putting a registration in the
 * field, SUBMIT is filling the rest as the event's values say (the tick on "This registration is
 * correct" included, where it is shown) and pressing "Create Permit"; the create call answers
 * with the sampled status; success is arriving on My Permits.
 */
function addPermitScreen(): BrowserScreen {
  let filled = false;
  return {
    flow: 'addPermit',
    route: '/add-permit',
    // Not yet the weekly series: its fields and per-week calls are walked on the jsdom screen
    // (test/screens/features/permits/add-permit/add-permit-screen.model.test.tsx) and in test/browser/right-car-journey.test.ts.
    plays: (path) =>
      !path.steps.some(
        ({ event }) =>
          event.type === 'SUBMIT' &&
          (event as { values?: PermitFormValues }).values?.repeat_weekly === true,
      ),
    signedIn: true,
    clockTime: addPermitInput.clock(),
    actorRoutes: {
      createPermit: {
        matches: post('/api/v1/permits/'),
        answer: (outcome) =>
          outcome.status === 'done'
            ? { status: (outcome.output as { status: number }).status, body: {} }
            : httpFailureAnswer(outcome.error),
      },
      // After an overlap refusal, the resident's permits for the registration: the sampled
      // permit, under the registration the app searched for, or none.
      findOverlappingPermit: {
        matches: (request) => {
          const url = new URL(request.url());
          return (
            request.method() === 'GET' &&
            url.pathname === '/api/v1/permits/' &&
            url.searchParams.has('search')
          );
        },
        answer: (outcome, request) => {
          if (outcome.status === 'error') return httpFailureAnswer(outcome.error);
          const permit = outcome.output as Permit | null;
          const vrm = request ? new URL(request.url()).searchParams.get('search') : null;
          const results = permit ? [{ ...permit, vrm: vrm ?? permit.vrm }] : [];
          return { status: 200, body: { count: results.length, results } };
        },
      },
    },
    background: (request) =>
      new URL(request.url()).pathname === '/api/v1/site-settings/'
        ? { status: 200, body: addPermitSite }
        : null,
    async ready(page) {
      filled = false;
      await page.getByRole('button', { name: 'Create Permit', exact: true }).waitFor();
    },
    async send(page, event) {
      if (event.type === 'VRM.CHANGED') {
        await page
          .getByRole('textbox', { name: /^Registration number/ })
          .fill((event as { type: string; vrm: string }).vrm);
        return;
      }
      const { values } = event as { type: string; values: PermitFormValues };
      if (!filled) {
        await page.getByRole('textbox', { name: /^Reference label/ }).fill('Plumber');
        await page.getByRole('textbox', { name: /^Make/ }).fill(values.make);
        await page.getByRole('textbox', { name: /^Model/ }).fill(values.model);
        await fillDateTime(page, /^Expiry date/, values.end);
        await page.getByRole('checkbox', { name: /I have verified/ }).check();
        filled = true;
      }
      const box = confirmBox(page);
      if ((await box.count()) > 0 && (await box.isChecked()) !== values.vrm_confirmed) {
        await box.click();
      }
      await page.getByRole('button', { name: /^Create Permit|^Creating/ }).click();
    },
    async expectState(page, state) {
      if (state.matches('succeeded')) {
        await page.getByRole('heading', { level: 1, name: 'My Permits' }).waitFor();
        return;
      }
      const suggestion = state.context.suggestion as string | null;
      const didYouMean = page.getByRole('group', { name: /^Did you mean/ });
      if (state.matches({ form: { registration: 'suggesting' } })) {
        await page.getByRole('group', { name: `Did you mean ${suggestion}?` }).waitFor();
        await page.getByRole('button', { name: `Use ${suggestion}` }).waitFor();
      } else {
        await didYouMean.waitFor({ state: 'detached' });
      }
      // The words shown; a screen reader reads them from the field's status region.
      const unrecognised = page.locator('p', {
        hasText: 'This is not a standard UK registration. Check it against the vehicle.',
      });
      const confirming = state.matches({ form: { registration: 'confirming' } });
      await unrecognised.waitFor({ state: confirming ? 'visible' : 'detached' });
      const asksForTick = confirming || state.matches({ form: { registration: 'suggesting' } });
      expect(await confirmBox(page).count()).toBe(asksForTick ? 1 : 0);
      if (
        state.matches({ form: { submission: 'submitting' } }) ||
        state.matches({ form: { submission: 'findingOverlap' } })
      ) {
        await expectButton(page, 'Creating Permit...', false);
        await expectNo(page, 'alert');
      } else if (state.matches({ form: { submission: 'failed' } })) {
        const { errorMessage, errorDetail } = state.context as {
          errorMessage: string;
          errorDetail: MessageDescriptor | null;
        };
        // The detail is a descriptor the screen formats (English here).
        const detail = errorDetail === null ? '' : i18n._(errorDetail);
        await expectAlert(page, `Creation Failed${errorMessage}${detail}`);
      } else {
        expect(await page.getByRole('button', { name: 'Creating Permit...' }).count()).toBe(0);
        await expectNo(page, 'alert');
      }
    },
  };
}

/** Every screen the generated paths run on in Chromium. */
export const browserScreens: readonly BrowserScreen[] = [
  loginScreen,
  registerScreen,
  forgotPasswordScreen,
  resetPasswordScreen,
  changePasswordScreen,
  permitActionDialog({
    flow: 'activatePermit',
    action: 'activate',
    rowButton: /^Set Live Now/,
    title: 'Set Permit Live Now',
    confirm: 'Set Live Now',
    busy: 'Activating...',
    dismiss: 'Cancel',
  }),
  permitActionDialog({
    flow: 'cancelPermit',
    action: 'cancel',
    rowButton: /^Cancel/,
    title: 'Cancel Permit',
    confirm: 'Cancel Permit',
    busy: 'Cancelling...',
    dismiss: 'Keep Permit',
  }),
  updatePermitScreen,
  addPermitScreen(),
];
