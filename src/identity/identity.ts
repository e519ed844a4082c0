import type { IdentityUser } from '../../machines/auth/shared/identity-user';
import { getConfig } from '../config';
import { deviceMayBeSignedIn } from './signed-in-mark';

/**
 * The identity provider as the app uses it. Firebase Auth (`./firebase-identity`, about 29 KB
 * gzip) is loaded on first use, not with the first page: a signed-out resident opening /login
 * needs it only once they sign in (issue 12's byte budget, docs/performance.md).
 */
const loadFirebaseIdentity = () => import('./firebase-identity');

let firebaseIdentity: ReturnType<typeof loadFirebaseIdentity> | undefined;
const firebaseLoadedListeners = new Set<() => void>();

function firebase(): ReturnType<typeof loadFirebaseIdentity> {
  if (!firebaseIdentity) {
    firebaseIdentity = loadFirebaseIdentity();
    void firebaseIdentity.then(
      () => firebaseLoadedListeners.forEach((listener) => listener()),
      () => {
        // A failed download is retried at the next use rather than remembered.
        firebaseIdentity = undefined;
      },
    );
  }
  return firebaseIdentity;
}

/**
 * Where the provider's calls go (Firebase Auth's account look-up and token refresh): the emulator
 * in development and tests, Google's two endpoints otherwise. Firebase sends them without
 * credentials, so a connection opened for them in advance is an anonymous one (src/main.tsx).
 */
export function identityProviderOrigins(): string[] {
  const { authEmulatorUrl } = getConfig();
  return authEmulatorUrl
    ? [new URL(authEmulatorUrl).origin]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}

/** Starts loading the provider before anything asks it (src/main.tsx, on a signed-in device). */
export function preloadIdentityProvider(): void {
  void firebase().catch(() => undefined);
}

/**
 * The login step of docs/contract.md §4: hands the API host's custom token to the identity provider.
 * Resolves false when the provider does not accept it.
 */
export async function signInWithToken(customToken: string): Promise<boolean> {
  return (await firebase()).signInWithToken(customToken);
}

/** The signed-in user's ID token, or null when nobody is signed in. Rejects when it cannot be had. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  return (await firebase()).getIdToken(forceRefresh);
}

/**
 * Calls the listener with the signed-in user (or null) now and whenever someone signs in or out.
 * With `signedOutUnlessMarked`, a device without the signed-in mark is reported signed out at
 * once, without loading the provider; the listener is attached to the provider as soon as
 * anything else loads it (a sign-in). Without it (and on a marked device), the provider is
 * loaded and asked.
 */
export function onIdentityChanged(
  listener: (user: IdentityUser | null) => void,
  { signedOutUnlessMarked = false }: { signedOutUnlessMarked?: boolean } = {},
): () => void {
  let stopped = false;
  let detach: (() => void) | undefined;
  const attach = () => {
    firebaseLoadedListeners.delete(attach);
    firebase().then(
      (identity) => {
        if (!stopped) detach = identity.onIdentityChanged(listener);
      },
      (error: unknown) => {
        // Without the provider's code nobody can be signed in on this page.
        console.error('The identity provider could not be loaded', error);
        if (!stopped) listener(null);
      },
    );
  };
  if (signedOutUnlessMarked && !deviceMayBeSignedIn() && !firebaseIdentity) {
    listener(null);
    firebaseLoadedListeners.add(attach);
  } else {
    attach();
  }
  return () => {
    stopped = true;
    firebaseLoadedListeners.delete(attach);
    detach?.();
  };
}

export async function signOutIdentity(): Promise<void> {
  await (await firebase()).signOutIdentity();
}
