/** What the app does about a 401: refresh the token, or log out. Resolves when that is settled. */
export type AuthFailureHandler = () => Promise<void>;

let authFailureHandler: AuthFailureHandler | null = null;

/**
 * Registers the session's auth-failure path. The shell owns it: this layer never navigates or
 * shows anything itself. A module of its own, without axios, so that the shell can register it
 * before the API client is first loaded (each feature's actors load it on first use, through src/api/api-modules.ts).
 */
export function setAuthFailureHandler(handler: AuthFailureHandler | null): void {
  authFailureHandler = handler;
}

/** Runs the registered auth-failure path, if any; its own failure is logged, never thrown. */
export async function runAuthFailureHandler(): Promise<void> {
  try {
    await authFailureHandler?.();
  } catch (error) {
    console.error('The auth-failure handler failed', error);
  }
}
