import { assign, fromPromise, setup } from 'xstate';
import type {
  VisitorBooking,
  VisitorBookingPayload,
  VisitorInvitation,
} from '../../../contract/visitor-pass';
import { systemClock, type Clock } from '../../clock';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';
import { newRequestKey } from '../../request-key';
import {
  readSuggestionAction,
  registrationIsGuard,
  registrationRegion,
  type RegistrationChangedEvent,
  type RegistrationReadContext,
} from '../../permits/rules/registration-region';
import { pendingPermitStatuses } from '../../permits/rules/permit-status-table';
import type { FormFailure } from '../visitor-pass/visitor-pass-error-message';
import { toVisitorBookingFailure } from './visitor-booking-error-message';
import { toVisitorBookingPayload, type VisitorBookingFormValues } from './visitor-booking-form';

export interface VisitorBookingInput {
  /** The secret the link /visit/<token> carries. */
  token: string;
  clock?: Clock;
  /** The booking's key; a new random one when not given (a test gives its own). */
  bookingKey?: string | null;
}

export interface VisitorBookingContext extends RegistrationReadContext {
  token: string;
  /** What the host says of the pass: who sent it, its window and its site's rules. */
  invitation: VisitorInvitation | null;
  /** The permit the visitor booked, as the host last described it. */
  booking: VisitorBooking | null;
  /**
   * The key every send of this page's booking carries (contract/visitor-pass.ts, `booking_key`),
   * so that "Book parking" pressed again after a lost answer finds the permit rather than booking
   * another; null where the browser cannot make one.
   */
  bookingKey: string | null;
  /** Why the last booking was refused; null when it was not. */
  errorMessage: string | null;
  /** The host's word about single fields of the form, by field name; null otherwise. */
  fieldErrors: FormFailure['fieldErrors'];
  clock: Clock;
}

export type VisitorBookingEvent =
  | { type: 'SUBMIT'; values: VisitorBookingFormValues }
  | { type: 'RETRY' }
  | RegistrationChangedEvent;

/** What the booking call is sent: the link's secret and the permit's fields. */
export interface BookVisitRequest {
  token: string;
  payload: VisitorBookingPayload;
}

/** What the status look-up is sent: the link's secret and the booking's reference. */
export interface ReadBookingRequest {
  token: string;
  referenceNo: string;
}

/** The guard on a failed call: the host no longer serves the pass (404). */
const passUnusable = {
  type: 'isUnusable' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
};

/**
 * The visitor's page, /visit/<token> (docs/contract.md, "Visitor passes"): someone with no account
 * books parking on a resident's pass. The pass is read first; a used, expired, withdrawn or unknown
 * one shows the same "no longer usable" page whatever the reason (the host answers 404 alike).
 * Then the form: its `registration` region is Add Permit's (the same typo guard), and its
 * submission books. Once booked, while the permit's status is one the background system is still
 * working on, the page looks again every `statusRefresh`, as My Permits does. The app provides
 * `loadInvitation`, `bookVisit` and `readBooking`.
 */
export const visitorBookingMachine = setup({
  types: {
    context: {} as VisitorBookingContext,
    events: {} as VisitorBookingEvent,
    input: {} as VisitorBookingInput,
  },
  actors: {
    loadInvitation: fromPromise<VisitorInvitation, { token: string }>(async () =>
      missingImplementation('visitorBooking', 'actor', 'loadInvitation'),
    ),
    bookVisit: fromPromise<VisitorBooking, BookVisitRequest>(async () =>
      missingImplementation('visitorBooking', 'actor', 'bookVisit'),
    ),
    readBooking: fromPromise<VisitorBooking, ReadBookingRequest>(async () =>
      missingImplementation('visitorBooking', 'actor', 'readBooking'),
    ),
  },
  actions: {
    readSuggestion: readSuggestionAction<VisitorBookingContext, VisitorBookingEvent>(),
    keepInvitation: assign((_, params: { invitation: VisitorInvitation }) => ({
      invitation: params.invitation,
    })),
    keepBooking: assign((_, params: { booking: VisitorBooking }) => ({
      booking: params.booking,
    })),
    showFailure: assign((_, params: FormFailure) => ({
      errorMessage: params.message,
      fieldErrors: params.fieldErrors,
    })),
    clearFailure: assign({ errorMessage: null, fieldErrors: null }),
  },
  guards: {
    registrationIs: registrationIsGuard,
    // The host answers 404 for a pass used up, expired, withdrawn or never made, alike.
    isUnusable: (_, params: { error: unknown }) => toHttpFailure(params.error).status === 404,
    isPending: ({ context }) =>
      context.booking !== null && pendingPermitStatuses.includes(context.booking.status),
  },
  delays: {
    statusRefresh: 4000,
  },
}).createMachine({
  id: 'visitorBooking',
  description: "A visitor booking their own parking with a resident's link.",
  context: ({ input }) => ({
    token: input.token,
    invitation: null,
    booking: null,
    bookingKey: input.bookingKey === undefined ? newRequestKey() : input.bookingKey,
    suggestion: null,
    errorMessage: null,
    fieldErrors: null,
    clock: input.clock ?? systemClock,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The pass is read from the host: who sent it, until when, and the site’s rules.',
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'booking',
          description:
            'The pass may be used: the form, with who invited the visitor and until when.',
          actions: {
            type: 'keepInvitation',
            params: ({ event }) => ({ invitation: event.output }),
          },
        },
        onError: [
          {
            guard: passUnusable,
            target: 'unusable',
            description: 'Used, expired, withdrawn or unknown: the host does not say which.',
          },
          {
            target: 'loadFailed',
            description: 'No answer, or another failure: a message and a way to try again.',
          },
        ],
      },
    },
    loadFailed: {
      description: 'The pass could not be read (no connection, say); the visitor may try again.',
      on: {
        RETRY: { target: 'loading', description: 'The visitor presses "Try again".' },
      },
    },
    unusable: {
      description:
        '"This visitor pass can no longer be used": the visitor is asked to get a new link from the resident.',
      type: 'final',
    },
    booking: {
      description: 'The form on screen: its registration read, and its submission.',
      type: 'parallel',
      states: {
        registration: registrationRegion,
        submission: {
          description: 'Sending the booking and reading the host’s answer.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The visitor fills in the form.',
              on: {
                SUBMIT: {
                  target: 'submitting',
                  description: 'The visitor presses "Book parking" with values the form accepts.',
                },
              },
            },
            submitting: {
              description: 'The booking is out; "Book parking" is busy and sends nothing more.',
              entry: 'clearFailure',
              invoke: {
                id: 'bookVisit',
                src: 'bookVisit',
                input: ({ context, event }) => {
                  if (event.type !== 'SUBMIT' || context.invitation === null) {
                    throw new Error('submitting entered without SUBMIT or a pass');
                  }
                  return {
                    token: context.token,
                    payload: {
                      ...toVisitorBookingPayload(event.values, context.invitation, context.clock()),
                      booking_key: context.bookingKey,
                    },
                  };
                },
                onDone: {
                  target: '#visitorBooking.booked',
                  description: 'Booked: "Visitor parking booked", with the permit’s details.',
                  actions: {
                    type: 'keepBooking',
                    params: ({ event }) => ({ booking: event.output }),
                  },
                },
                onError: [
                  {
                    guard: passUnusable,
                    target: '#visitorBooking.unusable',
                    description: 'The pass stopped being usable while the visitor filled it in.',
                  },
                  {
                    target: 'failed',
                    description:
                      'Refused or failed: why (the resident has no permits left, say), on the fields the host named or above the button.',
                    actions: {
                      type: 'showFailure',
                      params: ({ event }) => toVisitorBookingFailure(toHttpFailure(event.error)),
                    },
                  },
                ],
              },
            },
            failed: {
              description: 'Not booked; the form keeps its values for another try.',
              on: {
                SUBMIT: {
                  target: 'submitting',
                  description:
                    'The visitor tries again with what the form now holds, under the same booking key: if the last try booked and only its answer was lost, the host answers with that permit.',
                },
              },
            },
          },
        },
      },
    },
    booked: {
      description:
        '"Visitor parking booked": the registration, the start and the end, the live status and "Add to calendar".',
      initial: 'watching',
      states: {
        watching: {
          description: 'Whether the status may still change.',
          always: [
            {
              guard: 'isPending',
              target: 'waiting',
              description: 'The background system is still working on it (QUEUED, say).',
            },
            { target: 'settled', description: 'The status has settled (ACTIVE, say).' },
          ],
        },
        waiting: {
          description: 'A pending status is shown: the page looks again after `statusRefresh`.',
          after: {
            statusRefresh: {
              target: 'looking',
              description: 'Four seconds passed with the status pending: ask the host again.',
            },
          },
        },
        looking: {
          description: 'The booking’s status is asked for; the last one stays shown.',
          invoke: {
            id: 'readBooking',
            src: 'readBooking',
            input: ({ context }) => ({
              token: context.token,
              referenceNo: context.booking?.reference_no ?? '',
            }),
            onDone: {
              target: 'watching',
              description: 'The host answered: its status is shown.',
              actions: {
                type: 'keepBooking',
                params: ({ event }) => ({ booking: event.output }),
              },
            },
            onError: [
              {
                guard: passUnusable,
                target: 'settled',
                description:
                  'The host no longer answers for the booking (the pass’s window is over): the last status stays.',
              },
              {
                target: 'waiting',
                description: 'No answer: the last status stays, and the page asks again later.',
              },
            ],
          },
        },
        settled: {
          description: 'The status shown is the last word: nothing more is asked.',
          type: 'final',
        },
      },
    },
  },
});
