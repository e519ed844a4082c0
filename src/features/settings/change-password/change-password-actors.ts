import { fromPromise } from 'xstate';
import type { PasswordChange } from '../../../../contract/auth';
import type { changePasswordMachine } from '../../../../machines/settings/change-password/change-password-machine';
import type { PasswordRequestInput } from '../../../../machines/auth/shared/password-form-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    changePassword: typeof changePasswordMachine;
  }
}

/** Change password: POST /api/v1/auth/change-password/. */
export const changePasswordActors: ImplementationsOf<typeof changePasswordMachine> = {
  actors: {
    sendRequest: fromPromise(async ({ input }: { input: PasswordRequestInput<PasswordChange> }) =>
      (await authApi()).changePassword(input.request),
    ),
  },
};
