import { fromPromise } from 'xstate';
import type {
  BookVisitRequest,
  ReadBookingRequest,
  visitorBookingMachine,
} from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-machine';
import { visitorBookingApi } from '../../../api/api-modules';
import { i18n } from '../../../i18n/i18n';
import type { ImplementationsOf } from '../../../shell/app-machines';

declare module '../../../shell/app-machines' {
  interface AppMachines {
    visitorBooking: typeof visitorBookingMachine;
  }
}

/** The visitor's calls, public ones, sent without an identity (src/api/visitor-booking-api.ts). */
export const visitorBookingActors: ImplementationsOf<typeof visitorBookingMachine> = {
  actors: {
    loadInvitation: fromPromise(async ({ input }: { input: { token: string } }) =>
      (await visitorBookingApi()).getInvitation(input.token),
    ),
    // The receipt in the language the page is shown in.
    bookVisit: fromPromise(async ({ input }: { input: BookVisitRequest }) =>
      (await visitorBookingApi()).bookVisit(input.token, {
        ...input.payload,
        language: i18n.locale === 'cy' ? 'cy' : 'en',
      }),
    ),
    readBooking: fromPromise(async ({ input }: { input: ReadBookingRequest }) =>
      (await visitorBookingApi()).getBooking(input.token, input.referenceNo),
    ),
  },
};
