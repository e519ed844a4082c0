import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { LoginCredentials, TokenResponse } from '../../../../contract/auth';
import { inEnglish } from '../../../support/in-english';
import { loginMachine } from '../../../../machines/auth/login/login-machine';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';

const credentials: LoginCredentials = { email: 'jane@example.test', password: 'Secret123' };

function startLogin() {
  const controls = createActorControls();
  const clock = new SimulatedClock();
  const actor = createActor(
    loginMachine.provide({
      actors: {
        requestLogin: controls.promise<TokenResponse, LoginCredentials>('requestLogin'),
        signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
      },
    }),
    { clock },
  ).start();
  const submit = (values: LoginCredentials = credentials) => actor.send({ type: 'SUBMIT', values });
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('success') || snapshot.matches('error'));
  return { actor, clock, controls, submit, settled };
}

describe('loginMachine', () => {
  it('starts idle without a message', () => {
    const { actor } = startLogin();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('sends the submitted credentials to the API', () => {
    const { actor, controls, submit } = startLogin();
    submit();
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(controls.inputs('requestLogin')).toEqual([credentials]);
  });

  it('hands the custom token to the login step and succeeds when it is accepted', async () => {
    const { actor, controls, submit } = startLogin();
    submit();
    controls.resolve('requestLogin', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    expect(controls.inputs('signInWithToken')).toEqual([{ customToken: 'custom-token-1' }]);

    controls.resolve('signInWithToken', true);
    const shown = await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(shown.context).toEqual({ errorMessage: null, customToken: null, fieldErrors: null });
  });

  it('holds the success message 1.2 seconds before it lets the app redirect', async () => {
    const { actor, clock, controls, submit } = startLogin();
    submit();
    controls.resolve('requestLogin', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    controls.resolve('signInWithToken', true);
    await waitFor(actor, (snapshot) => snapshot.matches('success'));

    clock.increment(1199);
    expect(actor.getSnapshot().value).toBe('success');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['answers false', { status: 'done', output: false }],
    ['fails', { status: 'error', error: new Error('auth/invalid-custom-token') }],
  ] as const)('says authentication failed when the login step %s', async (_, outcome) => {
    const { actor, controls, submit, settled } = startLogin();
    submit();
    controls.resolve('requestLogin', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    controls.settle('signInWithToken', outcome);
    const snapshot = await settled();
    expect(snapshot.value).toBe('error');
    expect(snapshot.context).toEqual({
      errorMessage: 'Authentication failed. Please try again.',
      customToken: null,
      fieldErrors: null,
    });
  });

  it('shows the warning when the answer has no token', async () => {
    const { controls, submit, settled } = startLogin();
    submit();
    controls.resolve('requestLogin', { warning: 'Your account is awaiting approval.' });
    const snapshot = await settled();
    expect(snapshot.value).toBe('error');
    // A descriptor: the spec's words around the server's warning.
    expect(inEnglish(snapshot.context.errorMessage)).toBe(
      'Your account is awaiting approval. Please contact support.',
    );
    expect(controls.inputs('signInWithToken')).toEqual([]);
  });

  it('says the service is unavailable when the answer has neither token nor warning', async () => {
    const { controls, submit, settled } = startLogin();
    submit();
    controls.resolve('requestLogin', {});
    expect((await settled()).context.errorMessage).toBe(
      'Authentication service unavailable. Please try again later.',
    );
  });

  it.each([
    [{ status: 401, body: { detail: 'Invalid email or password.' } }, 'Invalid email or password.'],
    [{ status: 429, body: {} }, 'Too many login attempts. Please wait a moment and try again.'],
    [{ status: 500, body: {} }, 'Server error. Please try again later or contact support.'],
    [{ status: 400, body: {} }, 'Please check your email format and try again.'],
    [{ status: 401 }, 'Login failed. Please check your credentials and try again.'],
    [
      new TypeError('Failed to fetch'),
      'Login failed. Please check your credentials and try again.',
    ],
  ])('maps a refused login (%j) to "%s"', async (failure, message) => {
    const { controls, submit, settled } = startLogin();
    submit();
    controls.reject('requestLogin', failure);
    const snapshot = await settled();
    expect(snapshot.value).toBe('error');
    expect(snapshot.context.errorMessage).toBe(message);
  });

  it('ignores a second SUBMIT while the first is being handled', async () => {
    const { actor, controls, submit } = startLogin();
    submit();
    submit();
    expect(controls.inputs('requestLogin')).toHaveLength(1);

    controls.resolve('requestLogin', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    submit();
    expect(controls.inputs('requestLogin')).toHaveLength(1);
    expect(controls.inputs('signInWithToken')).toHaveLength(1);
  });

  it('retries from the error state with the new values and clears the old message', async () => {
    const { actor, controls, submit, settled } = startLogin();
    submit();
    controls.reject('requestLogin', {
      status: 401,
      body: { detail: 'Invalid email or password.' },
    });
    await settled();

    const corrected = { email: 'jane@example.test', password: 'Secret1234' };
    submit(corrected);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(controls.inputs('requestLogin')).toEqual([credentials, corrected]);

    controls.resolve('requestLogin', { custom_token: 'custom-token-2' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    controls.resolve('signInWithToken', true);
    expect((await settled()).value).toBe('success');
  });

  it('stays in success when submitted again', async () => {
    const { actor, controls, submit } = startLogin();
    submit();
    controls.resolve('requestLogin', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    controls.resolve('signInWithToken', true);
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    submit();
    expect(actor.getSnapshot().value).toBe('success');
    expect(controls.inputs('requestLogin')).toHaveLength(1);
  });
});
