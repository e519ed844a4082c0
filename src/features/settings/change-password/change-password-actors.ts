import { fromPromise } from 'xstate';
import type {
  ChangePasswordRequest,
  changePasswordMachine,
} from '../../../../machines/settings/change-password/change-password-machine';
import type { PasswordRequestInput } from '../../../../machines/auth/shared/password-form-machine';
import { authApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    changePassword: typeof changePasswordMachine;
  }
}

/** Change password: POST /api/v1/auth/change-password/, which carries no e-mail. */
export const changePasswordActors: ImplementationsOf<typeof changePasswordMachine> = {
  actors: {
    sendRequest: fromPromise(
      async ({ input }: { input: PasswordRequestInput<ChangePasswordRequest> }) => {
        const { email, current_password, new_password } = input.request;
        await (await authApi()).changePassword({ current_password, new_password }, email);
      },
    ),
  },
};
