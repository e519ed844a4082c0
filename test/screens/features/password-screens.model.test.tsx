import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import type { PasswordResetConfirmation } from '../../../contract/auth';
import {
  changePasswordMachine,
  type ChangePasswordRequest,
} from '../../../machines/settings/change-password/change-password-machine';
import { sentencesOf } from '../../../machines/sentences';
import {
  forgotPasswordMachine,
  type PasswordResetRequest,
} from '../../../machines/auth/forgot-password/forgot-password-machine';
import type {
  PasswordFormContext,
  PasswordFormMachine,
} from '../../../machines/auth/shared/password-form-machine';
import { resetPasswordMachine } from '../../../machines/auth/reset-password/reset-password-machine';
import { ForgotPasswordScreen } from '../../../src/features/auth/forgot-password/forgot-password-screen';
import { ResetPasswordScreen } from '../../../src/features/auth/reset-password/reset-password-screen';
import { ChangePasswordScreen } from '../../../src/features/settings/change-password/change-password-screen';
import { createActorControls } from '../../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../machines/model-path-tests';
import {
  resetLink,
  withControlledRequest,
} from '../../../machines/auth/shared/password-flow-samples';
import { expectErrorSummary, findErrorBanner } from '../../support/error-summary';
import { exactly, renderWithProviders, residentProfile } from '../../support/render';
import { screenPathsOf } from '../screen-model-paths';

/** How a path reaches one password screen: what it renders, and the gestures of a SUBMIT. */
interface PasswordScreen<TRequest> {
  machine: PasswordFormMachine<TRequest>;
  /** Its name in machines/flow-models/flow-models.ts. */
  flow: string;
  render(machine: PasswordFormMachine<TRequest>): UserEvent;
  fillIn(user: UserEvent, request: TRequest): Promise<void>;
  /** The gestures of an EDIT: a change to the form after success (a screen whose model has it). */
  edit?(user: UserEvent): Promise<void>;
  submitLabel: string;
  busyLabel: string;
  successText: string;
}

async function retype(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

/**
 * Plays a path on a rendered password screen: SUBMIT is filling in the form and pressing its
 * button, EDIT is changing a field after success, settling `sendRequest` is the fake API host
 * answering, and each state is checked by what the user sees.
 */
function screenDriver<TRequest>(
  subject: PasswordScreen<TRequest>,
  machine: PasswordFormMachine<TRequest>,
): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const provided = withControlledRequest(machine, controls);
  let user: UserEvent;
  const button = (name: string) => screen.findByRole('button', { name });
  return {
    start() {
      user = subject.render(provided);
    },
    async send(event) {
      if (event.type === 'EDIT') {
        if (!subject.edit) throw new Error(`The ${subject.flow} screen has no EDIT gesture`);
        await subject.edit(user);
        return;
      }
      await subject.fillIn(user, (event as { type: 'SUBMIT'; values: TRequest }).values);
      await user.click(screen.getByRole('button', { name: subject.submitLabel }));
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    elapse(delay) {
      throw new Error(`A password screen has no delay, yet the path waits for "${delay}"`);
    },
    async expectState(state) {
      if (state.matches('submitting')) {
        expect(await button(subject.busyLabel)).toBeDisabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      } else if (state.matches('success')) {
        expect(await button('Success!')).toBeDisabled();
        expect(screen.getByRole('status')).toHaveTextContent(exactly(subject.successText));
        expect(screen.getByRole('status')).toHaveFocus();
      } else if (state.matches('error')) {
        const { error } = state.context as PasswordFormContext;
        const alert = await findErrorBanner();
        if (error && error.items.length > 0) {
          const items = within(alert).getAllByRole('listitem');
          expect(items.map((item) => item.textContent)).toEqual(error.items.flatMap(sentencesOf));
        } else {
          expect(alert).toHaveTextContent(exactly(error?.message ?? ''));
        }
        // The server's answer has focus: the summary when it names fields, else the banner.
        if (error?.fieldErrors) {
          await expectErrorSummary(Object.values(error.fieldErrors) as string[]);
        } else {
          expect(alert).toHaveFocus();
        }
        expect(screen.getByRole('button', { name: subject.submitLabel })).toBeEnabled();
      } else {
        expect(await button(subject.submitLabel)).toBeEnabled();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
      }
    },
  };
}

function describeScreenModel<TRequest>(name: string, subject: PasswordScreen<TRequest>) {
  describe(`the ${name} screen follows its machine`, () => {
    const paths = screenPathsOf(subject.flow);

    testEveryModelPath(subject.machine, paths, () => screenDriver(subject, subject.machine));

    // A refusal that records no error: the screen would show nothing, so these paths must fail.
    // The screen is checked after every step, so a path through a refusal finds it wherever it is.
    const throughRefusal = paths.filter((path) =>
      path.steps.some(({ state }) => state.matches('error')),
    );

    it('has paths through a refusal', () => {
      expect(throughRefusal.length).toBeGreaterThan(0);
    });

    it.each(throughRefusal.map((path) => [describePath(path), path] as const))(
      'catches a screen showing no error for a refusal, on the path to %s',
      async (_, path) => {
        const broken = subject.machine.provide({ actions: { showError: () => {} } });
        await expect(runModelPath(path, screenDriver(subject, broken))).rejects.toThrow(
          /role="alert"/,
        );
      },
    );
  });
}

describeScreenModel<PasswordResetRequest>('forgot-password', {
  machine: forgotPasswordMachine,
  flow: 'forgotPassword',
  render: (machine) =>
    renderWithProviders(<ForgotPasswordScreen />, {
      machines: { forgotPassword: machine },
      route: '/forgot-password',
    }).user,
  async fillIn(user, { email }) {
    await retype(user, screen.getByRole('textbox', { name: 'Email' }), email);
  },
  async edit(user) {
    await retype(user, screen.getByRole('textbox', { name: 'Email' }), 'jane.doe@example.org');
  },
  submitLabel: 'Send Reset Link',
  busyLabel: 'Sending...',
  successText: 'Check your email: If the email is registered, a reset link has been sent',
});

describeScreenModel<PasswordResetConfirmation>('reset-password', {
  machine: resetPasswordMachine,
  flow: 'resetPassword',
  render: (machine) =>
    renderWithProviders(<ResetPasswordScreen />, {
      machines: { resetPassword: machine },
      route: `/reset-password?uid=${resetLink.uid}&token=${resetLink.token}`,
    }).user,
  async fillIn(user, { uid, token, password }) {
    // The link, not the user, supplies uid and token: the samples must match the rendered link.
    expect({ uid, token }).toEqual(resetLink);
    await retype(user, screen.getByLabelText(/^New password/), password);
    await retype(user, screen.getByLabelText(/^Confirm new password/), password);
  },
  submitLabel: 'Reset Password',
  busyLabel: 'Resetting password...',
  successText: 'Password reset successful!',
});

describeScreenModel<ChangePasswordRequest>('change-password', {
  machine: changePasswordMachine,
  flow: 'changePassword',
  render: (machine) =>
    renderWithProviders(<ChangePasswordScreen />, {
      machines: { changePassword: machine },
      route: '/settings/change-password',
      session: { status: 'signed_in', profile: residentProfile },
    }).user,
  async fillIn(user, { current_password, new_password }) {
    await retype(user, screen.getByLabelText(/^Current password/), current_password);
    await retype(user, screen.getByLabelText(/^New password/), new_password);
    await retype(user, screen.getByLabelText(/^Confirm new password/), new_password);
  },
  submitLabel: 'Update Password',
  busyLabel: 'Updating...',
  successText: 'Your password has been updated.',
});
