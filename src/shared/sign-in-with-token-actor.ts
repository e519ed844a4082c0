import { fromPromise } from 'xstate';
import { signInWithToken } from '../identity/identity';

/** The step sign-in and registration both end with: the custom token to the identity provider. */
export const signInWithTokenActor = fromPromise<boolean, { customToken: string }>(({ input }) =>
  signInWithToken(input.customToken),
);
