import { fromCallback, fromPromise } from 'xstate';
import type { sessionMachine } from '../../machines/session-machine';
import { authApi } from '../api/api-modules';
import { getIdToken, onIdentityChanged, signOutIdentity } from '../identity/identity';
import type { ImplementationsOf } from './app-machines';
import { anyonePaths, isOneOf, signedOutPaths } from './pages';
import { savedPermitLists } from './saved-permit-lists';

declare module './app-machines' {
  interface AppMachines {
    session: typeof sessionMachine;
  }
}

/** The session's side effects: the identity provider (src/identity/) and the API host. */
export const sessionActors: ImplementationsOf<typeof sessionMachine> = {
  actors: {
    identityListener: fromCallback(({ sendBack }) =>
      onIdentityChanged(
        (user) => {
          // Signed out here or in another tab: the permits kept for offline reading go too.
          if (user === null) savedPermitLists.clearAll();
          sendBack({ type: 'IDENTITY.CHANGED', user });
        },
        // On the signed-out pages and a visitor's page a device without the signed-in mark is
        // taken as signed out without loading the identity provider (src/identity/identity.ts);
        // elsewhere the provider is asked, so a session from before the mark existed is found.
        {
          signedOutUnlessMarked: isOneOf(
            [...signedOutPaths, ...anyonePaths],
            window.location.pathname,
          ),
        },
      ),
    ),
    fetchProfile: fromPromise(async () => (await authApi()).getProfile()),
    refreshToken: fromPromise(async () => {
      if ((await getIdToken(true)) === null) throw new Error('Nobody is signed in to refresh');
    }),
    logout: fromPromise(async () => {
      // Nothing of the resident's stays on the device for whoever signs in next.
      savedPermitLists.clearAll();
      // The device signs out of the provider at once, beside the API host's logout, not after
      // it: the resident already sees /login, and a page left while the host answers (a reload,
      // a link, the tab closed) would otherwise have left them signed in on this device. The
      // host's call goes with the token read before. Should either fail, the session machine
      // ends the session on this device all the same (its logout's onError).
      const idToken = await getIdToken().catch(() => null);
      const hostLogout = authApi().then((api) => api.logout(idToken));
      try {
        await signOutIdentity();
      } finally {
        await hostLogout;
      }
    }),
  },
};
