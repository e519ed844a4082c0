import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  inviterHasNoPermitsLeftMessage,
  visitorPassUnusableMessage,
  type VisitorBooking,
  type VisitorBookingPayload,
  type VisitorInvitation,
} from '../../../contract/visitor-pass';
import type { createActorControls } from '../../flow-models/actor-controls';
import { formErrors } from '../../form-errors';
import { juneNoon, plainSite } from '../../permits/permit-form/permit-form-samples';
import type {
  BookVisitRequest,
  ReadBookingRequest,
  visitorBookingMachine,
  VisitorBookingContext,
} from './visitor-booking-machine';
import type { VisitorBookingFormValues } from './visitor-booking-form';
import { visitorBookingSchema } from './visitor-booking-schema';

/** Jane's pass, from 1 June 2026 at 10:00 to 8 June at 10:00, on a site with every option off. */
export const invitation: VisitorInvitation = {
  inviter_first_name: 'Jane',
  valid_from: '2026-06-01T09:00:00Z',
  valid_until: '2026-06-08T09:00:00Z',
  site: plainSite,
};

/**
 * What the visitor-booking model starts with: the link's token, at noon on 1 June 2026, and a
 * booking key of its own (every walk of the model starts with the same context).
 */
export const visitorBookingInput = {
  token: 'pass-token-1',
  clock: () => juneNoon,
  bookingKey: '8f6c7a1e-2b3d-4c5e-9f60-718293a4b5c6',
};

/** A booking the visitor could send: a Ford Focus, now until 2 June at 18:00, with a receipt. */
export const filledBookingForm: VisitorBookingFormValues = {
  vrm: 'AB12 CDE',
  vrm_confirmed: false,
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  schedule: false,
  start: '',
  end: '2026-06-02T18:00',
  acknowledged: true,
  receipt_email: 'sam@example.test',
};

/** What `filledBookingForm` sends at noon on 1 June 2026: it starts then, in London time. */
export const filledBookingPayload: VisitorBookingPayload = {
  vrm: 'AB12CDE',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  start_ts: '2026-06-01T12:00:00',
  end_ts: '2026-06-02T18:00:00',
  receipt_email: 'sam@example.test',
};

/** The booking the host answers with, waiting for the parking provider. */
export const queuedBooking: VisitorBooking = {
  reference_no: 'KS-VIS00001',
  vrm: 'AB12CDE',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  status: 'QUEUED',
  start_ts: '2026-06-01T11:00:00Z',
  end_ts: '2026-06-02T17:00:00Z',
};

export const activeBooking: VisitorBooking = { ...queuedBooking, status: 'ACTIVE' };

/** A registration of the kind each state of the `registration` region read. */
const registrationRead: Record<string, string> = {
  blank: '',
  recognised: 'AB12 CDE',
  suggesting: 'AB12 C0E',
  confirming: 'CD 123 456',
};

/**
 * The form sends SUBMIT only with values its rules accept, with the registration the field holds
 * (which the registration region read): a sample the form would hold back is not offered.
 */
export function visitorBookingFormSends(
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): boolean {
  if (event.type !== 'SUBMIT') return true;
  const { invitation: read } = snapshot.context as VisitorBookingContext;
  const { registration } = (snapshot.value as { booking: { registration: string } }).booking;
  const values = {
    ...(event.values as VisitorBookingFormValues),
    vrm: registrationRead[registration],
  };
  if (read === null || values.vrm === undefined) return false;
  return Object.keys(formErrors(visitorBookingSchema(read, juneNoon), values)).length === 0;
}

/**
 * What the visitor-booking model may be sent: each kind of answer to reading the pass, a
 * registration of each kind, "Book parking" with and without "This registration is correct"
 * ticked (offered only where the form sends it: `visitorBookingFormSends`), each kind of answer
 * to the booking, and to the status look-ups that follow. The machine-level and the screen-level
 * model tests walk the same paths.
 */
export const visitorBookingEventSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadInvitation', output: invitation },
  {
    type: 'xstate.error.actor.loadInvitation',
    error: { status: 404, body: { detail: visitorPassUnusableMessage } },
  },
  { type: 'xstate.error.actor.loadInvitation', error: {} },
  { type: 'RETRY' },
  { type: 'VRM.CHANGED', vrm: '' },
  { type: 'VRM.CHANGED', vrm: 'AB12 CDE' },
  { type: 'VRM.CHANGED', vrm: 'AB12 C0E' },
  { type: 'VRM.CHANGED', vrm: 'CD 123 456' },
  { type: 'SUBMIT', values: filledBookingForm },
  { type: 'SUBMIT', values: { ...filledBookingForm, vrm_confirmed: true } },
  { type: 'xstate.done.actor.bookVisit', output: queuedBooking },
  { type: 'xstate.done.actor.bookVisit', output: activeBooking },
  {
    type: 'xstate.error.actor.bookVisit',
    error: { status: 400, body: { non_field_errors: [inviterHasNoPermitsLeftMessage] } },
  },
  {
    type: 'xstate.error.actor.bookVisit',
    error: { status: 404, body: { detail: visitorPassUnusableMessage } },
  },
  { type: 'xstate.error.actor.bookVisit', error: { status: 429 } },
  { type: 'xstate.done.actor.readBooking', output: activeBooking },
  { type: 'xstate.done.actor.readBooking', output: queuedBooking },
  { type: 'xstate.error.actor.readBooking', error: { status: 404 } },
  { type: 'xstate.error.actor.readBooking', error: {} },
];

/** The visitor-booking machine with actors the test settles by hand through `controls`. */
export function withControlledVisitorBookingActors(
  machine: typeof visitorBookingMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      loadInvitation: controls.promise<VisitorInvitation, { token: string }>('loadInvitation'),
      bookVisit: controls.promise<VisitorBooking, BookVisitRequest>('bookVisit'),
      readBooking: controls.promise<VisitorBooking, ReadBookingRequest>('readBooking'),
    },
  });
}
