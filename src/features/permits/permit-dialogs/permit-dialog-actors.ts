import { fromPromise } from 'xstate';
import type { PermitUpdatePayload } from '../../../../contract/permit';
import type { activatePermitMachine } from '../../../../machines/permits/permit-dialogs/activate-permit-machine';
import type { cancelPermitMachine } from '../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import type { updatePermitMachine } from '../../../../machines/permits/permit-dialogs/update-permit-machine';
import { permitsApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    activatePermit: typeof activatePermitMachine;
    cancelPermit: typeof cancelPermitMachine;
    updatePermit: typeof updatePermitMachine;
  }
}

/** Set Live Now: POST /api/v1/permits/{id}/activate/. */
export const activatePermitActors: ImplementationsOf<typeof activatePermitMachine> = {
  actors: {
    activatePermit: fromPromise(async ({ input }: { input: { id: number } }) =>
      (await permitsApi()).activatePermit(input.id),
    ),
  },
};

/** Cancel: POST /api/v1/permits/{id}/cancel/. */
export const cancelPermitActors: ImplementationsOf<typeof cancelPermitMachine> = {
  actors: {
    cancelPermit: fromPromise(async ({ input }: { input: { id: number } }) =>
      (await permitsApi()).cancelPermit(input.id),
    ),
  },
};

/** Update: PATCH /api/v1/permits/{id}/full_update/. */
export const updatePermitActors: ImplementationsOf<typeof updatePermitMachine> = {
  actors: {
    updatePermit: fromPromise(
      async ({ input }: { input: { id: number; payload: PermitUpdatePayload } }) =>
        (await permitsApi()).updatePermit(input.id, input.payload),
    ),
  },
};
