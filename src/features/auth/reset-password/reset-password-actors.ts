import { fromPromise } from 'xstate';
import type { PasswordResetConfirmation } from '../../../../contract/auth';
import type { PasswordRequestInput } from '../../../../machines/auth/shared/password-form-machine';
import type { resetPasswordMachine } from '../../../../machines/auth/reset-password/reset-password-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    resetPassword: typeof resetPasswordMachine;
  }
}

/** Reset password: POST /api/v1/auth/password-reset-confirm/. */
export const resetPasswordActors: ImplementationsOf<typeof resetPasswordMachine> = {
  actors: {
    sendRequest: fromPromise(
      async ({ input }: { input: PasswordRequestInput<PasswordResetConfirmation> }) =>
        (await authApi()).confirmPasswordReset(input.request),
    ),
  },
};
