import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCustomToken,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import type { IdentityUser } from '../../machines/auth/shared/identity-user';
import { getConfig } from '../config';
import { markSignedIn } from './signed-in-mark';

let auth: Auth | undefined;

/**
 * Firebase Auth, which ./identity.ts loads when first needed; nothing else imports this module.
 * Firebase starts on first use, so importing this module (in a test, say) does nothing.
 * `initializeAuth` rather than `getAuth`: the app never signs in with a popup or redirect, and
 * naming the persistences keeps that code out of the bundle.
 */
function firebaseAuth(): Auth {
  if (auth) return auth;
  const config = getConfig();
  const app = initializeApp(config.firebase);
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  // The device's signed-in mark follows every report, whoever else listens.
  onAuthStateChanged(auth, (user) => markSignedIn(user !== null));
  return auth;
}

function toIdentityUser(user: User): IdentityUser {
  return { uid: user.uid, email: user.email, emailVerified: user.emailVerified };
}

/**
 * The login step of docs/contract.md §4: hands the API host's custom token to the identity provider.
 * Resolves false when the provider does not accept it.
 */
export async function signInWithToken(customToken: string): Promise<boolean> {
  try {
    await signInWithCustomToken(firebaseAuth(), customToken);
    return true;
  } catch (error) {
    console.error('The identity provider rejected the sign-in token', error);
    return false;
  }
}

/** The signed-in user's ID token, or null when nobody is signed in. Rejects when it cannot be had. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const identity = firebaseAuth();
  // Before the persisted session is restored, currentUser is null even for a signed-in user.
  await identity.authStateReady();
  return identity.currentUser ? identity.currentUser.getIdToken(forceRefresh) : null;
}

/**
 * Calls the listener with the signed-in user (or null) now and whenever someone signs in or out.
 * `onAuthStateChanged` rather than `onIdTokenChanged`: the session cares who is signed in, and the
 * hourly token rotation would otherwise look like a new sign-in and refetch the profile; requests
 * ask for a current token themselves through `getIdToken`.
 */
export function onIdentityChanged(listener: (user: IdentityUser | null) => void): () => void {
  return onAuthStateChanged(firebaseAuth(), (user) => listener(user ? toIdentityUser(user) : null));
}

export async function signOutIdentity(): Promise<void> {
  await signOut(firebaseAuth());
}
