import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { IdentityUser } from '../../machines/auth/shared/identity-user';
import type { Profile } from '../../contract/auth';
import {
  sessionMachine,
  toSessionStatus,
  type SessionSnapshot,
  type SessionStatus,
} from '../../machines/session-machine';
import { fakeSessionActors } from '../../machines/session-flow-samples';
import { createActorControls } from '../../machines/flow-models/actor-controls';

const jane: IdentityUser = { uid: 'resident-1', email: 'jane@example.test', emailVerified: true };
const sam: IdentityUser = { uid: 'resident-2', email: 'sam@example.test', emailVerified: false };
const janesProfile: Profile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.test',
  active_registrations: 1,
  permit_limit: 5,
};
const samsProfile: Profile = { ...janesProfile, first_name: 'Sam', email: 'sam@example.test' };

/** The session machine with fake actors on a simulated clock (delays pass when told). */
function startSession() {
  const controls = createActorControls();
  const clock = new SimulatedClock();
  const actor = createActor(
    sessionMachine.provide({
      actors: fakeSessionActors(controls),
    }),
    { clock },
  ).start();
  const report = (user: IdentityUser | null) =>
    controls.sendFrom('identityListener', { type: 'IDENTITY.CHANGED', user });
  const status = () => toSessionStatus(actor.getSnapshot());
  const until = (predicate: (snapshot: SessionSnapshot) => boolean) =>
    waitFor(actor, predicate, { timeout: 1000 });
  const untilStatus = (wanted: SessionStatus) =>
    until((snapshot) => toSessionStatus(snapshot) === wanted);
  /** Lets every settled promise reach the machine (for checks that nothing changed). */
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const signIn = async (user = jane, profile = janesProfile) => {
    report(user);
    controls.resolve('fetchProfile', profile);
    await untilStatus('signed_in');
  };
  const fetchCount = () => controls.inputs('fetchProfile').length;
  return { actor, controls, clock, report, status, until, untilStatus, flush, signIn, fetchCount };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('sessionMachine: signing in', () => {
  it('starts loading, with nobody and no profile, listening to the identity provider', () => {
    const { actor, controls, status } = startSession();
    expect(status()).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('identityListener')).toBe(true);
  });

  it("fetches the reported user's profile, staying loading until it answers", async () => {
    const { actor, controls, report, status, untilStatus, fetchCount } = startSession();
    report(jane);
    expect(status()).toBe('loading');
    expect(fetchCount()).toBe(1);

    controls.resolve('fetchProfile', janesProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: jane, profile: janesProfile });
  });

  it('is signed out, with nobody and no profile, when the provider reports no user', () => {
    const { actor, report, status, fetchCount } = startSession();
    report(null);
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(fetchCount()).toBe(0);
  });

  it.each([401, 403])('is invalid and logs out when the profile answers %i', async (statusCode) => {
    const { actor, controls, report, status, untilStatus, flush } = startSession();
    report(jane);
    controls.reject('fetchProfile', { status: statusCode, body: { detail: 'Account disabled.' } });
    await untilStatus('invalid');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('logout')).toBe(true);

    controls.resolve('logout');
    await flush();
    expect(status()).toBe('invalid');
  });

  it('stays invalid when the logout of an invalid session fails, and logs a warning', async () => {
    const { controls, report, status, untilStatus, flush } = startSession();
    report(jane);
    controls.reject('fetchProfile', { status: 403 });
    await untilStatus('invalid');
    const failure = new Error('Network Error');
    controls.reject('logout', failure);
    await flush();
    expect(status()).toBe('invalid');
    expect(warn).toHaveBeenCalledWith('Logout of an invalid session did not complete.', failure);
  });

  it("stays invalid when the provider then reports no user (our own sign-out's echo)", async () => {
    const { actor, controls, report, status, untilStatus, flush } = startSession();
    report(jane);
    controls.reject('fetchProfile', { status: 403 });
    await untilStatus('invalid');
    report(null);
    controls.resolve('logout');
    await flush();
    report(null);
    expect(status()).toBe('invalid');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
  });

  it.each([
    ['a 500', { status: 500, body: '<html></html>' }],
    ['a 503', { status: 503 }],
    ['a network failure', { body: undefined }],
    ['an unexpected error', new TypeError('Failed to fetch')],
  ])('is signed in without a profile after %s, and logs a warning', async (_, failure) => {
    const { actor, controls, report, untilStatus } = startSession();
    report(jane);
    controls.reject('fetchProfile', failure);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: jane, profile: null });
    expect(warn).toHaveBeenCalledWith(
      'Profile could not be fetched; continuing without it.',
      failure,
    );
  });

  it('cancels the profile fetch when the provider reports no user meanwhile', async () => {
    const { actor, controls, report, status } = startSession();
    report(jane);
    report(null);
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('fetchProfile')).toBe(false);
  });

  it("fetches the new user's profile when another user is reported during the fetch", async () => {
    const { actor, controls, report, untilStatus, fetchCount } = startSession();
    report(jane);
    report(sam);
    expect(fetchCount()).toBe(2);
    controls.resolve('fetchProfile', samsProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: sam, profile: samsProfile });
  });

  it('keeps the fetch in flight when the same user is reported again', async () => {
    const { actor, controls, report, untilStatus, fetchCount } = startSession();
    report(jane);
    const refreshed = { ...jane, emailVerified: false };
    report(refreshed);
    expect(fetchCount()).toBe(1);
    controls.resolve('fetchProfile', janesProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: refreshed, profile: janesProfile });
  });

  it('ignores route changes and auth failures while loading', () => {
    const { actor, status, fetchCount } = startSession();
    actor.send({ type: 'ROUTE.CHANGED' });
    actor.send({ type: 'AUTH.FAILED' });
    expect(status()).toBe('loading');
    expect(actor.getSnapshot().hasTag('recovering')).toBe(false);
    expect(fetchCount()).toBe(0);
  });
});

describe('sessionMachine: while signed in', () => {
  it('signs out, clearing user and profile, when the provider reports no user', async () => {
    const { actor, report, status, signIn } = startSession();
    await signIn();
    report(null);
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
  });

  it('keeps the profile, without a new fetch, when the same user is reported again', async () => {
    const { actor, report, status, signIn, fetchCount } = startSession();
    await signIn();
    const refreshed = { ...jane, emailVerified: false };
    report(refreshed);
    expect(status()).toBe('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: refreshed, profile: janesProfile });
    expect(fetchCount()).toBe(1);
  });

  it('drops the cached profile and fetches the new one when another user is reported', async () => {
    const { actor, controls, report, status, untilStatus, signIn } = startSession();
    await signIn();
    report(sam);
    expect(status()).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ user: sam, profile: null });
    controls.resolve('fetchProfile', samsProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context.profile).toEqual(samsProfile);
  });
});

describe('sessionMachine: validity re-check after a route change', () => {
  it('re-fetches the profile 100 ms after a route change and stores the answer', async () => {
    const { actor, controls, clock, signIn, until, fetchCount } = startSession();
    await signIn();
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(99);
    expect(fetchCount()).toBe(1);
    clock.increment(1);
    expect(fetchCount()).toBe(2);

    const updated = { ...janesProfile, active_registrations: 2 };
    controls.resolve('fetchProfile', updated);
    await until((snapshot) => snapshot.matches({ signed_in: { validity: 'idle' } }));
    expect(actor.getSnapshot().context).toEqual({ user: jane, profile: updated });
  });

  it('checks once, 100 ms after the last of several quick route changes', async () => {
    const { actor, clock, signIn, fetchCount } = startSession();
    await signIn();
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(60);
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(60);
    expect(fetchCount()).toBe(1);
    clock.increment(40);
    expect(fetchCount()).toBe(2);
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(1000);
    expect(fetchCount()).toBe(2);
  });

  it.each([401, 403])('is invalid and logs out when the re-check answers %i', async (code) => {
    const { actor, controls, clock, signIn, untilStatus } = startSession();
    await signIn();
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(100);
    controls.reject('fetchProfile', { status: code });
    await untilStatus('invalid');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('logout')).toBe(true);
  });

  it.each([
    ['a 502', { status: 502, body: '<html></html>' }],
    // The browser is offline: axios rejects with no response at all.
    ['a network failure', { body: undefined }],
    ['a fetch that never reached the host', new TypeError('Failed to fetch')],
  ])(
    'stays signed in with the cached profile when the re-check fails with %s',
    async (_, failure) => {
      const { actor, controls, clock, signIn, until } = startSession();
      await signIn();
      actor.send({ type: 'ROUTE.CHANGED' });
      clock.increment(100);
      controls.reject('fetchProfile', failure);
      await until((snapshot) => snapshot.matches({ signed_in: { validity: 'idle' } }));
      expect(actor.getSnapshot().context).toEqual({ user: jane, profile: janesProfile });
      expect(warn).toHaveBeenCalledWith(
        'Profile re-check failed; keeping the cached profile.',
        failure,
      );
    },
  );

  it('does not re-check when nobody is signed in', () => {
    const { actor, clock, report, fetchCount } = startSession();
    report(null);
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(1000);
    expect(fetchCount()).toBe(0);
  });

  it('uses the re-check delay the app provides', async () => {
    const controls = createActorControls();
    const actor = createActor(
      sessionMachine.provide({
        actors: fakeSessionActors(controls),
        delays: { validityRecheck: 5 },
      }),
    ).start();
    controls.sendFrom('identityListener', { type: 'IDENTITY.CHANGED', user: jane });
    controls.resolve('fetchProfile', janesProfile);
    await waitFor(actor, (snapshot) => toSessionStatus(snapshot) === 'signed_in');
    actor.send({ type: 'ROUTE.CHANGED' });
    await waitFor(actor, (snapshot) => snapshot.matches({ signed_in: { validity: 'rechecking' } }));
    expect(controls.inputs('fetchProfile')).toHaveLength(2);
  });
});

describe('sessionMachine: logout', () => {
  it('ends signed out at once, clearing user and profile, and runs the logout', async () => {
    const { actor, controls, status, signIn, flush } = startSession();
    await signIn();
    actor.send({ type: 'LOGOUT' });
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('logout')).toBe(true);
    controls.resolve('logout');
    await flush();
    expect(status()).toBe('signed_out');
    expect(controls.isRunning('logout')).toBe(false);
  });

  it('still ends signed out when the logout fails, and logs a warning', async () => {
    const { actor, controls, status, signIn, until } = startSession();
    await signIn();
    actor.send({ type: 'LOGOUT' });
    const failure = { status: 500 };
    controls.reject('logout', failure);
    await until((snapshot) => snapshot.matches({ signed_out: 'idle' }));
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(warn).toHaveBeenCalledWith(
      'Logout did not complete; the session was closed locally.',
      failure,
    );
  });

  it('calls the logout once when LOGOUT is sent twice', async () => {
    const { actor, controls, signIn } = startSession();
    await signIn();
    actor.send({ type: 'LOGOUT' });
    actor.send({ type: 'LOGOUT' });
    expect(controls.inputs('logout')).toHaveLength(1);
  });

  it('cancels a re-check in flight', async () => {
    const { actor, controls, clock, status, signIn } = startSession();
    await signIn();
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(100);
    expect(controls.isRunning('fetchProfile')).toBe(true);
    actor.send({ type: 'LOGOUT' });
    expect(controls.isRunning('fetchProfile')).toBe(false);
    expect(status()).toBe('signed_out');
  });

  it('ignores reports of the departing user while logging out', async () => {
    const { actor, controls, report, status, signIn, flush, fetchCount } = startSession();
    await signIn();
    actor.send({ type: 'LOGOUT' });
    report(jane);
    expect(status()).toBe('signed_out');
    expect(fetchCount()).toBe(1);
    controls.resolve('logout');
    await flush();
    expect(status()).toBe('signed_out');
  });

  it('signs the next user in after the logout', async () => {
    const { actor, controls, report, untilStatus, signIn, flush } = startSession();
    await signIn();
    actor.send({ type: 'LOGOUT' });
    controls.resolve('logout');
    await flush();
    report(sam);
    controls.resolve('fetchProfile', samsProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: sam, profile: samsProfile });
  });

  it.each<[string, SessionStatus]>([
    ['loading', 'loading'],
    ['invalid', 'invalid'],
  ])('ends signed out when LOGOUT is sent while %s', async (_, from) => {
    const { actor, controls, report, status, untilStatus } = startSession();
    if (from === 'invalid') {
      report(jane);
      controls.reject('fetchProfile', { status: 403 });
      await untilStatus('invalid');
    }
    actor.send({ type: 'LOGOUT' });
    expect(status()).toBe('signed_out');
    expect(controls.isRunning('logout')).toBe(true);
  });
});

describe('sessionMachine: auth failure from the API', () => {
  it('refreshes the token under the recovering tag and stays signed in when that works', async () => {
    const { actor, controls, status, signIn, until, fetchCount } = startSession();
    await signIn();
    actor.send({ type: 'AUTH.FAILED' });
    expect(actor.getSnapshot().hasTag('recovering')).toBe(true);
    expect(controls.inputs('refreshToken')).toHaveLength(1);

    controls.resolve('refreshToken');
    await until((snapshot) => !snapshot.hasTag('recovering'));
    expect(status()).toBe('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: jane, profile: janesProfile });
    expect(fetchCount()).toBe(1);
  });

  it('logs out and ends signed out when the refresh fails', async () => {
    const { actor, controls, status, signIn, until } = startSession();
    await signIn();
    actor.send({ type: 'AUTH.FAILED' });
    controls.reject('refreshToken', new Error('auth/user-token-expired'));
    await until((snapshot) => !snapshot.hasTag('recovering'));
    expect(status()).toBe('signed_out');
    expect(actor.getSnapshot().context).toEqual({ user: null, profile: null });
    expect(controls.isRunning('logout')).toBe(true);
  });

  it('refreshes once for several auth failures at the same time', async () => {
    const { actor, controls, signIn } = startSession();
    await signIn();
    actor.send({ type: 'AUTH.FAILED' });
    actor.send({ type: 'AUTH.FAILED' });
    expect(controls.inputs('refreshToken')).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('recovering')).toBe(true);
  });

  it('lets a re-check in flight finish: its 401 still makes the session invalid', async () => {
    const { actor, controls, clock, signIn, until, untilStatus } = startSession();
    await signIn();
    actor.send({ type: 'ROUTE.CHANGED' });
    clock.increment(100);
    actor.send({ type: 'AUTH.FAILED' });
    controls.resolve('refreshToken');
    await until((snapshot) => !snapshot.hasTag('recovering'));
    expect(controls.isRunning('fetchProfile')).toBe(true);

    controls.reject('fetchProfile', { status: 401 });
    await untilStatus('invalid');
  });

  it('drops the recovering tag when LOGOUT interrupts the refresh', async () => {
    const { actor, controls, status, signIn } = startSession();
    await signIn();
    actor.send({ type: 'AUTH.FAILED' });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().hasTag('recovering')).toBe(false);
    expect(controls.isRunning('refreshToken')).toBe(false);
    expect(status()).toBe('signed_out');
  });

  it('has nothing to recover while signed out or invalid', async () => {
    const { actor, controls, report, untilStatus } = startSession();
    report(null);
    actor.send({ type: 'AUTH.FAILED' });
    expect(actor.getSnapshot().hasTag('recovering')).toBe(false);

    report(jane);
    controls.reject('fetchProfile', { status: 403 });
    await untilStatus('invalid');
    actor.send({ type: 'AUTH.FAILED' });
    expect(actor.getSnapshot().hasTag('recovering')).toBe(false);
    expect(controls.inputs('refreshToken')).toHaveLength(0);
  });
});

describe('sessionMachine: after an invalid session', () => {
  it('ignores reports of the rejected user while its logout runs', async () => {
    const { controls, report, status, untilStatus, fetchCount } = startSession();
    report(jane);
    controls.reject('fetchProfile', { status: 403 });
    await untilStatus('invalid');
    report(jane);
    expect(status()).toBe('invalid');
    expect(fetchCount()).toBe(1);
  });

  it('signs in a user reported after the logout', async () => {
    const { actor, controls, report, status, untilStatus, flush } = startSession();
    report(jane);
    controls.reject('fetchProfile', { status: 403 });
    await untilStatus('invalid');
    controls.resolve('logout');
    await flush();
    report(sam);
    expect(status()).toBe('loading');
    controls.resolve('fetchProfile', samsProfile);
    await untilStatus('signed_in');
    expect(actor.getSnapshot().context).toEqual({ user: sam, profile: samsProfile });
  });
});
