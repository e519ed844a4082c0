import { fromPromise } from 'xstate';
import type { VisitorPassCreatePayload } from '../../../../contract/visitor-pass';
import type { visitorPassMachine } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import { visitorPassesApi } from '../../../api/api-modules';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    visitorPass: typeof visitorPassMachine;
  }
}

/** A visitor pass's calls: "Create link" and "Withdraw". */
export const visitorPassActors: ImplementationsOf<typeof visitorPassMachine> = {
  actors: {
    createVisitorPass: fromPromise(async ({ input }: { input: VisitorPassCreatePayload }) =>
      (await visitorPassesApi()).createVisitorPass(input),
    ),
    withdrawVisitorPass: fromPromise(async ({ input }: { input: { id: number } }) =>
      (await visitorPassesApi()).withdrawVisitorPass(input.id),
    ),
  },
};
