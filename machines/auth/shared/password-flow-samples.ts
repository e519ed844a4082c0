import { createMachine, type AnyEventObject, type AnyStateMachine } from 'xstate';
import type { PasswordResetConfirmation } from '../../../contract/auth';
import type { ChangePasswordRequest } from '../../settings/change-password/change-password-machine';
import type { PasswordResetRequest } from '../forgot-password/forgot-password-machine';
import type { PasswordFormMachine, PasswordRequestInput } from './password-form-machine';
import type { createActorControls } from '../../flow-models/actor-controls';

export const passwordChange: ChangePasswordRequest = {
  current_password: 'OldSecret1',
  new_password: 'NewSecret12',
  email: 'jane.doe@example.test',
};

export const resetRequest: PasswordResetRequest = { email: 'jane.doe@example.test' };

/** The uid and token of the e-mailed link the reset screen is opened with. */
export const resetLink = { uid: 'MTI', token: 'c4kq2z-5f0b1e' } as const;

export const resetConfirmation: PasswordResetConfirmation = {
  ...resetLink,
  password: 'NewSecret12',
};

/** A refused new password as DRF's password validators word it: one message per broken rule. */
export const weakPasswordFailure = {
  status: 400,
  body: {
    new_password: [
      'This password is too short. It must contain at least 8 characters.',
      'This password is too common.',
    ],
  },
};

/**
 * What the change-password model may be sent: a submit, the API's acceptance, and refusals that
 * speak of the password (bullets), that do not (one text), and none readable (the default).
 */
export const changePasswordEventSamples: AnyEventObject[] = [
  { type: 'SUBMIT', values: passwordChange },
  { type: 'xstate.done.actor.sendRequest', output: undefined },
  { type: 'xstate.error.actor.sendRequest', error: weakPasswordFailure },
  {
    type: 'xstate.error.actor.sendRequest',
    error: {
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 30 seconds.' },
    },
  },
  { type: 'xstate.error.actor.sendRequest', error: { status: 502, body: '<html></html>' } },
];

/**
 * What the forgot-password model may be sent: every refusal reads the same, and a change to the
 * address after success readies the form to send again.
 */
export const forgotPasswordEventSamples: AnyEventObject[] = [
  { type: 'SUBMIT', values: resetRequest },
  { type: 'xstate.done.actor.sendRequest', output: undefined },
  { type: 'EDIT' },
  {
    type: 'xstate.error.actor.sendRequest',
    error: { status: 400, body: { email: ['Enter a valid email address.'] } },
  },
  { type: 'xstate.error.actor.sendRequest', error: {} },
];

/** What the reset-password model may be sent: the server's own text, or none readable. */
export const resetPasswordEventSamples: AnyEventObject[] = [
  { type: 'SUBMIT', values: resetConfirmation },
  { type: 'xstate.done.actor.sendRequest', output: undefined },
  {
    type: 'xstate.error.actor.sendRequest',
    error: { status: 400, body: { detail: 'Invalid or expired reset link' } },
  },
  {
    type: 'xstate.error.actor.sendRequest',
    error: { status: 400, body: { password: ['This password is too common.'] } },
  },
  { type: 'xstate.error.actor.sendRequest', error: { status: 500 } },
];

/** A password machine whose request the test settles by hand through `controls`. */
export function withControlledRequest<TRequest>(
  machine: PasswordFormMachine<TRequest>,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      sendRequest: controls.promise<void, PasswordRequestInput<TRequest>>('sendRequest'),
    },
  });
}

/**
 * A deliberately broken copy of a password machine: a refused request is taken for success, so
 * the user would be told it worked. Model tests must refuse it.
 */
export function refusalTakenForSuccess(machine: AnyStateMachine): AnyStateMachine {
  const { states = {} } = machine.config;
  const invoke = states.submitting?.invoke;
  if (!invoke || Array.isArray(invoke)) throw new Error('Expected one invoke in "submitting"');
  return createMachine(
    {
      ...machine.config,
      states: {
        ...states,
        submitting: { ...states.submitting, invoke: { ...invoke, onError: 'success' } },
      },
    },
    machine.implementations,
  );
}
