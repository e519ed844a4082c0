import { createContext, useContext, useEffect } from 'react';

/**
 * How a sign-in screen keeps the public-route guard (src/shell/public-route.tsx) from leaving for
 * the dashboard while its success message is being read: `hold` counts one hold and returns how
 * to release it.
 */
export const SignedInRedirectHoldContext = createContext<{ hold: () => () => void }>({
  hold: () => () => {},
});

/** Holds the redirect of a signed-in user while `holding` is true and the caller is mounted. */
export function useHoldSignedInRedirect(holding: boolean): void {
  const { hold } = useContext(SignedInRedirectHoldContext);
  useEffect(() => (holding ? hold() : undefined), [holding, hold]);
}
