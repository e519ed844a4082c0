import { fromPromise } from 'xstate';
import type { PermitListRequest } from '../../../../contract/permit';
import type { hiddenPermitsMachine } from '../../../../machines/permits/my-permits/hidden-permits-machine';
import type { permitListMachine } from '../../../../machines/permits/my-permits/permit-list-machine';
import { readPermitListAnswer } from '../../../../machines/permits/rules/read-permit-list-body';
import { permitsApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { listedPage } from '../../../shared/permit-list-reads';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    permitList: typeof permitListMachine;
    hiddenPermits: typeof hiddenPermitsMachine;
  }
}

/** My Permits: GET /api/v1/permits/ for the page and filters on screen. */
export const permitListActors: ImplementationsOf<typeof permitListMachine> = {
  actors: {
    fetchPermits: fromPromise(async ({ input }: { input: PermitListRequest }) => {
      const { listPermits } = await permitsApi();
      return readPermitListAnswer(listPermits(input), input.page);
    }),
  },
};

/** How many of the resident's permits the filters on screen leave out. */
export const hiddenPermitsActors: ImplementationsOf<typeof hiddenPermitsMachine> = {
  actors: {
    countPermits: fromPromise(
      async ({ input }: { input: PermitListRequest }) => (await listedPage(input)).count,
    ),
  },
};
