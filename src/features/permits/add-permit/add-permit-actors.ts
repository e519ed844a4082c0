import { fromPromise } from 'xstate';
import type { PermitCreatePayload } from '../../../../contract/permit';
import type { addPermitMachine } from '../../../../machines/permits/add-permit/add-permit-machine';
import { recentVehiclesOf } from '../../../../machines/permits/add-permit/recent-vehicles';
import type { recentVehiclesMachine } from '../../../../machines/permits/add-permit/recent-vehicles-machine';
import { permitsApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';
import { firstListPage, listedPage } from '../../../shared/permit-list-reads';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    addPermit: typeof addPermitMachine;
    recentVehicles: typeof recentVehiclesMachine;
  }
}

/** POST /api/v1/permits/, for a single permit and for each week of a weekly series alike. */
const createPermitActor = fromPromise(async ({ input }: { input: PermitCreatePayload }) =>
  (await permitsApi()).createPermit(input),
);

/** Add Permit's side effects: the create call, and the resident's permit in the way of one. */
export const addPermitActors: ImplementationsOf<typeof addPermitMachine> = {
  actors: {
    createPermit: createPermitActor,
    createWeek: createPermitActor,
    // The resident's held permits for the refused registration: the API host's search reads
    // registrations without their spaces; the rule checks each answer itself all the same.
    findOverlappingPermit: fromPromise(async ({ input }: { input: PermitCreatePayload }) => {
      // Loaded when needed: the rule reads times with luxon, which /login must not load
      // (scripts/bench/bundle-budget.json).
      const { findOverlappingPermit, heldPermitStatuses } =
        await import('../../../../machines/permits/add-permit/overlapping-permit');
      const { permits } = await listedPage({
        status: [...heldPermitStatuses],
        start_date: '',
        end_date: '',
        search: input.vrm,
        page: 1,
      });
      return findOverlappingPermit(permits, input);
    }),
  },
};

/** The resident's recent vehicles: their newest permits' distinct vehicles (first list page). */
export const recentVehiclesActors: ImplementationsOf<typeof recentVehiclesMachine> = {
  actors: {
    loadRecentVehicles: fromPromise(async () =>
      recentVehiclesOf((await firstListPage([])).permits),
    ),
  },
};
