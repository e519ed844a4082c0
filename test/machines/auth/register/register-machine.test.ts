import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { RegistrationDetails, TokenResponse } from '../../../../contract/auth';
import { inEnglish } from '../../../support/in-english';
import { registerMachine } from '../../../../machines/auth/register/register-machine';
import {
  type ActorOutcome,
  createActorControls,
} from '../../../../machines/flow-models/actor-controls';

const details: RegistrationDetails = {
  email: 'jane@example.test',
  first_name: 'Jane',
  last_name: 'Doe',
  password: 'Secret123',
  invite_code: 'KERBSIDE-DEMO',
};

/** The register machine with fake actors, on a simulated clock so the 3 s redirect is exact. */
function startRegister() {
  const controls = createActorControls();
  const navigateToLogin = jest.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    registerMachine.provide({
      actors: {
        requestRegistration: controls.promise<TokenResponse, RegistrationDetails>(
          'requestRegistration',
        ),
        signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
      },
      actions: { navigateToLogin },
    }),
    { clock },
  ).start();
  const submit = (values: RegistrationDetails = details) => actor.send({ type: 'SUBMIT', values });
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('success') || snapshot.matches('error'));
  const reachSigningIn = async () => {
    submit();
    controls.resolve('requestRegistration', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
  };
  return { actor, controls, clock, navigateToLogin, submit, settled, reachSigningIn };
}

describe('registerMachine', () => {
  it('starts idle without a message', () => {
    const { actor } = startRegister();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('registers with the submitted details, then signs in with the custom token', async () => {
    const { actor, controls, submit } = startRegister();
    submit();
    expect(controls.inputs('requestRegistration')).toEqual([details]);
    controls.resolve('requestRegistration', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    expect(controls.inputs('signInWithToken')).toEqual([{ customToken: 'custom-token-1' }]);

    controls.resolve('signInWithToken', true);
    const shown = await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(shown.context).toEqual({ errorMessage: null, customToken: null, fieldErrors: null });
  });

  it('holds the success message 1.2 seconds before it lets the app redirect', async () => {
    const { actor, clock, controls, reachSigningIn } = startRegister();
    await reachSigningIn();
    controls.resolve('signInWithToken', true);
    await waitFor(actor, (snapshot) => snapshot.matches('success'));

    clock.increment(1199);
    expect(actor.getSnapshot().value).toBe('success');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    [{ status: 400, body: { error: 'Invalid invite code.' } }, 'Invalid invite code.'],
    [
      { status: 400, body: { email: ['A user with that email already exists.'] } },
      'A user with that email already exists.',
    ],
    [{ status: 400, body: {} }, 'Registration failed. Please check your details and try again.'],
    [
      { status: 429, body: '<html></html>' },
      'Too many registration attempts. Please wait a moment and try again.',
    ],
    [{ status: 500, body: {} }, 'Server error. Please try again later or contact support.'],
    [
      new TypeError('Failed to fetch'),
      'Registration failed. Please check your details and try again.',
    ],
  ])('maps a refused registration (%j) to "%s" and stays on the form', async (failure, message) => {
    const { actor, controls, clock, navigateToLogin, submit, settled } = startRegister();
    submit();
    controls.reject('requestRegistration', failure);
    const snapshot = await settled();
    expect(snapshot.matches({ error: 'retryable' })).toBe(true);
    expect(snapshot.context.errorMessage).toBe(message);

    clock.increment(60_000);
    expect(navigateToLogin).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ error: 'retryable' })).toBe(true);
  });

  it.each([
    [
      { warning: 'Your account was created but sign-in is unavailable.' },
      'Your account was created but sign-in is unavailable. Please log in with your credentials',
    ],
    [{}, 'Registration successful but authentication failed. Please log in.'],
  ])(
    'without a custom token (%j) says "%s" and goes to /login after 3 seconds',
    async (answer, message) => {
      const { actor, controls, clock, navigateToLogin, submit, settled } = startRegister();
      submit();
      controls.resolve('requestRegistration', answer);
      const snapshot = await settled();
      expect(snapshot.matches({ error: 'awaitingRedirect' })).toBe(true);
      // With a warning, the message is a descriptor: the spec's words around the server's.
      expect(inEnglish(snapshot.context.errorMessage)).toBe(message);
      expect(controls.inputs('signInWithToken')).toEqual([]);

      clock.increment(2999);
      expect(navigateToLogin).not.toHaveBeenCalled();
      clock.increment(1);
      expect(navigateToLogin).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().matches({ error: 'redirected' })).toBe(true);
      expect(inEnglish(actor.getSnapshot().context.errorMessage)).toBe(message);
    },
  );

  it.each<[string, ActorOutcome]>([
    ['answers false', { status: 'done', output: false }],
    ['fails', { status: 'error', error: new Error('auth/network-request-failed') }],
  ])(
    'when the login step %s, asks to log in manually and goes to /login after 3 seconds',
    async (_, outcome) => {
      const { actor, controls, clock, navigateToLogin, settled, reachSigningIn } = startRegister();
      await reachSigningIn();
      controls.settle('signInWithToken', outcome);
      const snapshot = await settled();
      expect(snapshot.matches({ error: 'awaitingRedirect' })).toBe(true);
      expect(snapshot.context).toEqual({
        errorMessage: 'Authentication failed after registration. Please log in manually.',
        customToken: null,
        fieldErrors: null,
      });

      clock.increment(2999);
      expect(navigateToLogin).not.toHaveBeenCalled();
      clock.increment(1);
      expect(navigateToLogin).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().matches({ error: 'redirected' })).toBe(true);
    },
  );

  it('ignores SUBMIT while waiting to redirect: the account already exists', async () => {
    const { actor, controls, clock, navigateToLogin, submit, settled } = startRegister();
    submit();
    controls.resolve('requestRegistration', {});
    await settled();
    submit();
    expect(actor.getSnapshot().matches({ error: 'awaitingRedirect' })).toBe(true);
    expect(controls.inputs('requestRegistration')).toHaveLength(1);
    clock.increment(3000);
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('honours a shorter loginRedirect delay given by the app', async () => {
    const controls = createActorControls();
    const navigateToLogin = jest.fn();
    const actor = createActor(
      registerMachine.provide({
        actors: {
          requestRegistration: controls.promise<TokenResponse, RegistrationDetails>(
            'requestRegistration',
          ),
          signInWithToken: controls.promise<boolean, { customToken: string }>('signInWithToken'),
        },
        actions: { navigateToLogin },
        delays: { loginRedirect: 5 },
      }),
    ).start();
    actor.send({ type: 'SUBMIT', values: details });
    controls.resolve('requestRegistration', {});
    await waitFor(actor, (snapshot) => snapshot.matches({ error: 'redirected' }));
    expect(navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it('ignores a second SUBMIT while the first is being handled', async () => {
    const { actor, controls, submit } = startRegister();
    submit();
    submit();
    expect(controls.inputs('requestRegistration')).toHaveLength(1);

    controls.resolve('requestRegistration', { custom_token: 'custom-token-1' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    submit();
    expect(controls.inputs('requestRegistration')).toHaveLength(1);
    expect(controls.inputs('signInWithToken')).toHaveLength(1);
  });

  it('retries from a refused registration with the new values and clears the old message', async () => {
    const { actor, controls, submit, settled } = startRegister();
    submit();
    controls.reject('requestRegistration', {
      status: 400,
      body: { error: 'Invalid invite code.' },
    });
    await settled();

    const corrected = { ...details, invite_code: 'KERBSIDE-OTHER' };
    submit(corrected);
    expect(actor.getSnapshot().matches({ submitting: 'requesting' })).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(controls.inputs('requestRegistration')).toEqual([details, corrected]);

    controls.resolve('requestRegistration', { custom_token: 'custom-token-2' });
    await waitFor(actor, (snapshot) => snapshot.matches({ submitting: 'signingIn' }));
    controls.resolve('signInWithToken', true);
    expect((await settled()).value).toBe('success');
  });
});
