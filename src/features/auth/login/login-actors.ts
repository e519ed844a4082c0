import { fromPromise } from 'xstate';
import type { LoginCredentials } from '../../../../contract/auth';
import type { loginMachine } from '../../../../machines/auth/login/login-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { signInWithTokenActor } from '../../../shared/sign-in-with-token-actor';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    login: typeof loginMachine;
  }
}

/** Sign in: POST /api/v1/auth/login/, then the custom token to the identity provider. */
export const loginActors: ImplementationsOf<typeof loginMachine> = {
  actors: {
    requestLogin: fromPromise(async ({ input }: { input: LoginCredentials }) =>
      (await authApi()).login(input),
    ),
    signInWithToken: signInWithTokenActor,
  },
};
