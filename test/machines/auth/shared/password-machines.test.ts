import { createActor, waitFor } from 'xstate';
import { changePasswordMachine } from '../../../../machines/settings/change-password/change-password-machine';
import { forgotPasswordMachine } from '../../../../machines/auth/forgot-password/forgot-password-machine';
import type { PasswordFormMachine } from '../../../../machines/auth/shared/password-form-machine';
import { resetPasswordMachine } from '../../../../machines/auth/reset-password/reset-password-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  passwordChange,
  resetConfirmation,
  resetRequest,
  weakPasswordFailure,
  withControlledRequest,
} from '../../../../machines/auth/shared/password-flow-samples';

function startJourney<TRequest>(machine: PasswordFormMachine<TRequest>) {
  const controls = createActorControls();
  const actor = createActor(withControlledRequest(machine, controls)).start();
  const submit = (values: TRequest) => actor.send({ type: 'SUBMIT', values });
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('success') || snapshot.matches('error'));
  return { actor, controls, submit, settled };
}

/** What every password journey does, whatever it asks the server. */
function describeJourney<TRequest>(
  machine: PasswordFormMachine<TRequest>,
  {
    values,
    corrected,
    endsAtSuccess,
  }: { values: TRequest; corrected: TRequest; endsAtSuccess: boolean },
) {
  it('starts idle without an error', () => {
    const { actor } = startJourney(machine);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('sends the submitted request and waits for the answer', () => {
    const { actor, controls, submit } = startJourney(machine);
    submit(values);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(controls.inputs('sendRequest')).toEqual([{ request: values }]);
  });

  it('sends one request when submitted twice', () => {
    const { actor, controls, submit } = startJourney(machine);
    submit(values);
    submit(values);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(controls.inputs('sendRequest')).toHaveLength(1);
  });

  it('ends in success when the server accepts, and sends nothing more', async () => {
    const { controls, submit, settled } = startJourney(machine);
    submit(values);
    controls.resolve('sendRequest');
    const done = await settled();
    expect(done.value).toBe('success');
    expect(done.status).toBe(endsAtSuccess ? 'done' : 'active');
    expect(done.context.error).toBeNull();

    submit(corrected);
    expect(controls.inputs('sendRequest')).toHaveLength(1);
  });

  it('retries from the error state with the new values and clears the old error', async () => {
    const { actor, controls, submit, settled } = startJourney(machine);
    submit(values);
    controls.reject('sendRequest', { status: 500 });
    expect((await settled()).value).toBe('error');

    submit(corrected);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(controls.inputs('sendRequest')).toEqual([{ request: values }, { request: corrected }]);

    controls.resolve('sendRequest');
    expect((await settled()).value).toBe('success');
  });
}

async function errorAfter<TRequest>(
  machine: PasswordFormMachine<TRequest>,
  values: TRequest,
  failure: unknown,
) {
  const { controls, submit, settled } = startJourney(machine);
  submit(values);
  controls.reject('sendRequest', failure);
  const snapshot = await settled();
  expect(snapshot.value).toBe('error');
  return snapshot.context.error;
}

describe('changePasswordMachine', () => {
  describeJourney(changePasswordMachine, {
    values: passwordChange,
    corrected: { ...passwordChange, new_password: 'Longer-NewSecret12' },
    endsAtSuccess: true,
  });

  it('lists a refusal about the password message by message (the screen splits each)', async () => {
    expect(await errorAfter(changePasswordMachine, passwordChange, weakPasswordFailure)).toEqual({
      message:
        'This password is too short. It must contain at least 8 characters. This password is too common.',
      items: [
        'This password is too short. It must contain at least 8 characters.',
        'This password is too common.',
      ],
      // Shown on the new-password field too (issue 15).
      fieldErrors: {
        new_password:
          'This password is too short. It must contain at least 8 characters. This password is too common.',
      },
    });
  });

  it('shows a refusal about something else as one text', async () => {
    const failure = { status: 429, body: { detail: 'Request was throttled.' } };
    expect(await errorAfter(changePasswordMachine, passwordChange, failure)).toEqual({
      message: 'Request was throttled.',
      items: [],
    });
  });

  it.each([
    ['a server error page', { status: 500, body: '<html></html>' }],
    ['no answer', new TypeError('Failed to fetch')],
  ])('says the change failed when the server said nothing readable: %s', async (_, failure) => {
    expect(await errorAfter(changePasswordMachine, passwordChange, failure)).toEqual({
      message: 'Password change failed. Please try again.',
      items: [],
    });
  });
});

describe('forgotPasswordMachine', () => {
  describeJourney(forgotPasswordMachine, {
    values: resetRequest,
    corrected: { email: 'jane@example.test' },
    endsAtSuccess: false,
  });

  it('sends again to a corrected address once the form changes after success', async () => {
    const { actor, controls, submit, settled } = startJourney(forgotPasswordMachine);
    submit(resetRequest);
    controls.resolve('sendRequest');
    await settled();

    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().value).toBe('idle');
    submit({ email: 'jane@example.test' });
    expect(controls.inputs('sendRequest')).toEqual([
      { request: resetRequest },
      { request: { email: 'jane@example.test' } },
    ]);
  });

  it('says the e-mail could not be sent, and names a refused address on its field', async () => {
    const failure = { status: 400, body: { email: ['Enter a valid email address.'] } };
    expect(await errorAfter(forgotPasswordMachine, resetRequest, failure)).toEqual({
      message: 'Failed to send reset email. Please try again.',
      items: [],
      fieldErrors: {
        email: 'Enter an email address in the correct format, like name@example.com',
      },
    });
  });

  it.each([
    ['throttling', { status: 429, body: { detail: 'Request was throttled.' } }],
    ['a server error', { status: 500 }],
    ['no answer', new TypeError('Failed to fetch')],
  ])('says the e-mail could not be sent, whatever the failure: %s', async (_, failure) => {
    expect(await errorAfter(forgotPasswordMachine, resetRequest, failure)).toEqual({
      message: 'Failed to send reset email. Please try again.',
      items: [],
    });
  });
});

describe('resetPasswordMachine', () => {
  describeJourney(resetPasswordMachine, {
    values: resetConfirmation,
    corrected: { ...resetConfirmation, password: 'Longer-NewSecret12' },
    endsAtSuccess: true,
  });

  it.each([
    [
      { status: 400, body: { detail: 'Invalid or expired reset link' } },
      'Invalid or expired reset link',
    ],
    [
      { status: 400, body: { password: ['This password is too common.'] } },
      'This password is too common.',
    ],
  ])('shows the server’s text (%j)', async (failure, message) => {
    expect(await errorAfter(resetPasswordMachine, resetConfirmation, failure)).toMatchObject({
      message,
      items: [],
    });
  });

  it('names a refused password on its field too', async () => {
    const failure = { status: 400, body: { password: ['This password is too common.'] } };
    expect(await errorAfter(resetPasswordMachine, resetConfirmation, failure)).toEqual({
      message: 'This password is too common.',
      items: [],
      fieldErrors: { password: 'This password is too common.' },
    });
  });

  it.each([
    ['a server error', { status: 500 }],
    ['no answer', new TypeError('Failed to fetch')],
  ])('says the reset failed when the server said nothing readable: %s', async (_, failure) => {
    expect(await errorAfter(resetPasswordMachine, resetConfirmation, failure)).toEqual({
      message: 'Password reset failed. Please try again.',
      items: [],
    });
  });
});
