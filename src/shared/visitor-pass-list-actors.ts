import { fromPromise } from 'xstate';
import type { visitorPassListMachine } from '../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { visitorPassesApi } from '../api/api-modules';
import type { ImplementationsOf } from '../shell/app-machines';

declare module '../shell/app-machines' {
  interface AppMachines {
    visitorPassList: typeof visitorPassListMachine;
  }
}

/**
 * The resident's visitor passes as the running app reads them: the Visitor passes page lists them,
 * and My Permits reads the same list to offer "Send a visitor pass" (only where the host has the
 * capability) and to mark the permits booked through a pass, so they live outside both features.
 */
export const visitorPassListActors: ImplementationsOf<typeof visitorPassListMachine> = {
  actors: {
    listVisitorPasses: fromPromise(async () => (await visitorPassesApi()).listVisitorPasses()),
  },
};
