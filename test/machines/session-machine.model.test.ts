import type { AnyEventObject } from 'xstate';
import type { IdentityUser } from '../../machines/auth/identity-user';
import type { Profile } from '../../contract/auth';
import { sessionMachine } from '../../machines/session-machine';
import { createActorControls } from './actor-controls';
import {
  createMachineDriver,
  createMachineTestModel,
  expectBrokenPathsToFail,
  testEveryModelPath,
} from './model-harness';

const jane: IdentityUser = { uid: 'resident-1', email: 'jane@example.test', emailVerified: true };
const janeRefreshed: IdentityUser = { ...jane, emailVerified: false };
const sam: IdentityUser = { uid: 'resident-2', email: 'sam@example.test', emailVerified: true };
const profile: Profile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.test',
  active_registrations: 1,
  permit_limit: 5,
};

const eventSamples: AnyEventObject[] = [
  { type: 'IDENTITY.CHANGED', user: jane },
  { type: 'IDENTITY.CHANGED', user: janeRefreshed },
  { type: 'IDENTITY.CHANGED', user: sam },
  { type: 'IDENTITY.CHANGED', user: null },
  { type: 'xstate.done.actor.fetchProfile', output: profile },
  { type: 'xstate.error.actor.fetchProfile', error: { status: 401 } },
  { type: 'xstate.error.actor.fetchProfile', error: { status: 403 } },
  { type: 'xstate.error.actor.fetchProfile', error: { status: 503 } },
  { type: 'xstate.error.actor.fetchProfile', error: {} },
  { type: 'xstate.error.actor.refreshToken', error: { message: 'auth/user-token-expired' } },
  { type: 'xstate.error.actor.logout', error: { status: 500 } },
];

const model = createMachineTestModel(sessionMachine, { eventSamples, coverage: 'transitions' });
const paths = model.getShortestPaths();

function driverFor(machine: typeof sessionMachine, timeoutMs = 200) {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: {
      identityListener: controls.callback('identityListener'),
      fetchProfile: controls.promise<Profile>('fetchProfile'),
      refreshToken: controls.promise<void>('refreshToken'),
      logout: controls.promise<void>('logout'),
    },
  });
  return createMachineDriver(provided, {
    controls,
    sentByActor: { 'IDENTITY.CHANGED': 'identityListener' },
    timeoutMs,
  });
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('sessionMachine model', () => {
  testEveryModelPath(sessionMachine, paths, () => driverFor(sessionMachine));

  it('catches a broken transition', async () => {
    // A 401/403 profile treated like a network failure: the session would stay signed in.
    const broken = sessionMachine.provide({ guards: { isAccountRejected: () => false } });
    await expectBrokenPathsToFail(
      paths,
      ({ state }) => state.matches('invalid'),
      () => driverFor(broken, 50),
    );
  });
});
