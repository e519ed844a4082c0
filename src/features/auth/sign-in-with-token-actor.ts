import { fromPromise } from 'xstate';
import { signInWithToken } from '../../identity/identity';

/** The login step both sign-in and registration end with: the custom token to the provider. */
export const signInWithTokenActor = fromPromise<boolean, { customToken: string }>(({ input }) =>
  signInWithToken(input.customToken),
);
