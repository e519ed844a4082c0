import { fromPromise } from 'xstate';
import type { emailVerificationMachine } from '../../../../machines/settings/email-verification/email-verification-machine';
import { emailVerificationApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    emailVerification: typeof emailVerificationMachine;
  }
}

/** The address check: the host's optional /api/v1/me/email-verification/ capability. */
export const emailVerificationActors: ImplementationsOf<typeof emailVerificationMachine> = {
  actors: {
    loadVerification: fromPromise(async () =>
      (await emailVerificationApi()).getEmailVerification(),
    ),
    sendLinkAgain: fromPromise(async () =>
      (await emailVerificationApi()).sendEmailVerificationAgain(),
    ),
  },
};
