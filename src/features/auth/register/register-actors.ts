import { fromPromise } from 'xstate';
import type { RegistrationDetails } from '../../../../contract/auth';
import type { registerMachine } from '../../../../machines/auth/register/register-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { signInWithTokenActor } from '../../../shared/sign-in-with-token-actor';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    register: typeof registerMachine;
  }
}

/** Create account: POST /api/v1/auth/register/, then the custom token to the identity provider. */
export const registerActors: ImplementationsOf<typeof registerMachine> = {
  actors: {
    requestRegistration: fromPromise(async ({ input }: { input: RegistrationDetails }) =>
      (await authApi()).register(input),
    ),
    signInWithToken: signInWithTokenActor,
  },
};
