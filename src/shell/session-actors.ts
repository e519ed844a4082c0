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
      // The device signs out of the provider at once, and the session waits for that alone. The
      // API host's logout goes beside it, with the token read before, and is not waited for: a
      // page left while the host answers (a reload, a link, the tab closed) must find nobody
      // signed in, and a resident who signs in again meanwhile must be let in, not taken for a
      // report on the way out (machines/session-machine.ts, `signed_out.loggingOut`). Its failure
      // is tolerated (docs/contract.md §4), and only logged.
      const idToken = await getIdToken().catch(() => null);
      void authApi()
        .then((api) => api.logout(idToken))
        .catch((error: unknown) => {
          // The session machine's own words for a logout that did not complete.
          console.warn('Logout did not complete; the session was closed locally.', error);
        });
      await signOutIdentity();
    }),
  },
};
