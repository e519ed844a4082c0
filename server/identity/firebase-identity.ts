import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LRUCache } from 'lru-cache';

/** What the API learns from a valid ID token. */
export interface VerifiedIdToken {
  uid: string;
  /**
   * The resident's session generation when the session began (0 for sessions begun before the
   * claim existed). It rides in the custom token as a developer claim, so every ID token the
   * session is refreshed into carries it too; authenticate-resident.ts compares it with the
   * resident's current one to end sessions after a password change or reset.
   */
  sessionGeneration: number;
}

/** What the API needs from the identity provider. */
export interface Identity {
  /** A custom token the web app hands to the provider's signInWithCustomToken. */
  createCustomToken(uid: string, sessionGeneration: number): Promise<string>;
  /** The uid and session generation of a valid ID token; rejects when it is invalid or expired. */
  verifyIdToken(idToken: string): Promise<VerifiedIdToken>;
  close(): Promise<void>;
}

export interface FirebaseIdentityOptions {
  projectId: string;
  /**
   * The agent firebase-admin fetches Google's public signing keys with (firebase-admin's own
   * `httpAgent` app option); tests point it at a local key server.
   */
  httpAgent?: Agent;
  /** How long a verified ID token is taken on trust without verifying it again (default 30 s). */
  verifiedTokenCacheMs?: number;
}

const sessionClaim = 'kerbside_session';
const defaultVerifiedTokenCacheMs = 30_000;
// One entry per signed-in device that called within the cache time: ample for a council's site.
const verifiedTokenCacheEntries = 10_000;

/**
 * Firebase Auth through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set (firebase-admin reads
 * it from the environment; config.ts allows it only for a demo- project on loopback), tokens are
 * minted unsigned and verified against the emulator; without it, firebase-admin checks each ID
 * token's RS256 signature against Google's published keys and mints with the machine's Google
 * application default credentials.
 */
export function createFirebaseIdentity(options: FirebaseIdentityOptions): Identity {
  // A named app per API instance, so several instances (tests) live in one process.
  const app = initializeApp(
    { projectId: options.projectId, httpAgent: options.httpAgent },
    `kerbside-api-${randomUUID()}`,
  );
  const auth = getAuth(app);
  // Verifying is the dearest part of a request (in emulator mode firebase-admin asks the emulator
  // about the user every time), and a token's verdict cannot change before it expires except by
  // revocation, which authenticate-resident.ts checks on every request against the database's
  // session generation. So a verified token is remembered briefly, never past its own expiry;
  // refusals are not remembered.
  const cacheMs = options.verifiedTokenCacheMs ?? defaultVerifiedTokenCacheMs;
  const verified = new LRUCache<string, VerifiedIdToken>({ max: verifiedTokenCacheEntries });
  return {
    createCustomToken: (uid, sessionGeneration) =>
      auth.createCustomToken(uid, { [sessionClaim]: sessionGeneration }),
    verifyIdToken: async (idToken) => {
      const remembered = verified.get(idToken);
      if (remembered) return remembered;
      const decoded = await auth.verifyIdToken(idToken);
      const generation: unknown = decoded[sessionClaim];
      const result = {
        uid: decoded.uid,
        sessionGeneration: typeof generation === 'number' ? generation : 0,
      };
      const ttl = Math.min(cacheMs, decoded.exp * 1000 - Date.now());
      if (ttl > 0) verified.set(idToken, result, { ttl });
      return result;
    },
    close: () => deleteApp(app),
  };
}
