import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What the API needs from the identity provider. */
export interface Identity {
  /** A custom token the web app hands to the provider's signInWithCustomToken. */
  createCustomToken(uid: string): Promise<string>;
  /** The uid of a valid ID token; rejects when the token is invalid or expired. */
  verifyIdToken(idToken: string): Promise<{ uid: string }>;
  close(): Promise<void>;
}

/**
 * Firebase Auth through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set (firebase-admin reads
 * it from the environment), tokens are minted unsigned and verified against the emulator; without
 * it, firebase-admin uses the machine's Google application default credentials.
 */
export function createFirebaseIdentity(options: { projectId: string }): Identity {
  // A named app per API instance, so several instances (tests) live in one process.
  const app = initializeApp({ projectId: options.projectId }, `kerbside-api-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    createCustomToken: (uid) => auth.createCustomToken(uid),
    verifyIdToken: async (idToken) => ({ uid: (await auth.verifyIdToken(idToken)).uid }),
    close: () => deleteApp(app),
  };
}
