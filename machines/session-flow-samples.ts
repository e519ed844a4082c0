import type { AnyEventObject } from 'xstate';
import type { Profile } from '../contract/auth';
import type { IdentityUser } from './auth/shared/identity-user';
import type { ActorControls } from './flow-models/actor-controls';

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

/**
 * What the session model may be sent: the identity provider's reports (the same resident, a
 * refreshed one, another, nobody) and each kind of answer of its calls.
 */
export const sessionEventSamples: AnyEventObject[] = [
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

/** The session machine's four actors as fakes that a test settles through `controls`. */
export function fakeSessionActors(controls: ActorControls) {
  return {
    identityListener: controls.callback('identityListener'),
    fetchProfile: controls.promise<Profile>('fetchProfile'),
    refreshToken: controls.promise<void>('refreshToken'),
    logout: controls.promise<void>('logout'),
  };
}
