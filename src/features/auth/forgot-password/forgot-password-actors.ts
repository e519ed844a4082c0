import { fromPromise } from 'xstate';
import type {
  forgotPasswordMachine,
  PasswordResetRequest,
} from '../../../../machines/auth/forgot-password/forgot-password-machine';
import type { PasswordRequestInput } from '../../../../machines/auth/shared/password-form-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    forgotPassword: typeof forgotPasswordMachine;
  }
}

/** Forgot password: POST /api/v1/auth/password-reset/. */
export const forgotPasswordActors: ImplementationsOf<typeof forgotPasswordMachine> = {
  actors: {
    sendRequest: fromPromise(
      async ({ input }: { input: PasswordRequestInput<PasswordResetRequest> }) =>
        (await authApi()).requestPasswordReset(input.request.email),
    ),
  },
};
