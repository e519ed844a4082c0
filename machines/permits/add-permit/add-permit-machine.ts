import type { MessageDescriptor } from '@lingui/core';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { systemClock, type Clock } from '../../clock';
import { toHttpFailure } from '../../http-failure';
import { missingImplementation } from '../../missing-implementation';
import { createPermitMessages, toCreatePermitErrorMessage } from './create-permit-error-message';
import type { Permit, PermitCreatePayload } from '../../../contract/permit';
import { isSameBooking, overlapDetail } from './overlapping-permit';
import type { PermitFormValues } from '../permit-form/permit-form-values';
import type { SiteSettings } from '../../../contract/site-settings';
import { toPermitCreatePayload } from './to-permit-create-payload';
import {
  readSuggestionAction,
  registrationIsGuard,
  registrationRegion,
  type RegistrationChangedEvent,
  type RegistrationReadContext,
} from '../rules/registration-region';
import type { RecentVehicle } from './recent-vehicles';
import { nextWaitingWeek, weeklySeries, type SeriesWeek } from '../rules/weekly-series';

/** What the app's create call answers on a 2xx: the HTTP status, which decides success. */
export interface CreatePermitAnswer {
  status: number;
}

export interface AddPermitInput {
  clock?: Clock;
  /** The vehicle "Add again" on My Permits re-books: the form starts with it filled in. */
  vehicle?: RecentVehicle | null;
}

export interface AddPermitContext extends RegistrationReadContext {
  /** What the screen shows, under `createPermitErrorTitle`, in the failed state. */
  errorMessage: string | null;
  /** Said under an overlap refusal: which permit is in the way (`overlapDetail`), formatted by the screen. */
  errorDetail: MessageDescriptor | null;
  /** The single permit last sent, for the create call and, if refused, the overlap look-up. */
  sent: PermitCreatePayload | null;
  clock: Clock;
  /** The vehicle the form starts with ("Add again"), or null for an empty form. */
  vehicle: RecentVehicle | null;
  /** The weeks of a "Repeat weekly" series and how each went; empty for a single permit. */
  series: SeriesWeek[];
}

export type AddPermitEvent =
  | {
      type: 'SUBMIT';
      values: PermitFormValues;
      /**
       * The site settings (`siteSettingsMachine`) the form showed and checked the values with:
       * those asked for again once back online, where the first answer fell back.
       */
      settings: SiteSettings;
    }
  | RegistrationChangedEvent;

/** The payload of the week whose call goes out next, for the state `asking` to send. */
function waitingWeekPayload(series: readonly SeriesWeek[], asking: string): PermitCreatePayload {
  const payload = nextWaitingWeek(series)?.payload;
  if (!payload) throw new Error(`${asking} entered with no week`);
  return payload;
}

/**
 * The add-permit screen (docs/contract.md §2 "Add Permit", §3, §5 and §8): the site settings
 * load first (the screen shows a spinner), then the resident edits and submits. Two regions run
 * side by side. `registration` reads each registration the field holds (`checkRegistration`):
 * a mark in a standard UK format is never held back, a look-alike slip is offered its mended
 * form, and any other mark needs the resident's "This registration is correct"
 * (test/machines/permits/rules/uk-registration.test.ts); the form's schema holds back a mark that needs
 * it (machines/permits/permit-form/permit-form-schema.ts), so SUBMIT only ever comes with values the form
 * accepted, and no guard here repeats the schema's rules. `submission` sends the create call: the
 * payload is built from the SUBMIT event's values; Formik keeps the values, so after a failure the form
 * still holds them and a new SUBMIT retries. On HTTP 201 or 202 the app's `navigateToMyPermits`
 * action takes the resident to /my-permits with a refresh request.
 */
export const addPermitMachine = setup({
  types: {
    context: {} as AddPermitContext,
    events: {} as AddPermitEvent,
    input: {} as AddPermitInput,
  },
  actors: {
    createPermit: fromPromise<CreatePermitAnswer, PermitCreatePayload>(async () =>
      missingImplementation('addPermit', 'actor', 'createPermit'),
    ),
    // The same call as `createPermit`, for one week of a series: its own name keeps a week's
    // answer apart from a single permit's in the model tests' samples.
    createWeek: fromPromise<CreatePermitAnswer, PermitCreatePayload>(async () =>
      missingImplementation('addPermit', 'actor', 'createWeek'),
    ),
    // After an overlap refusal: the resident's permit in the way, if one of theirs is (null when
    // none is; `findOverlappingPermit` in overlapping-permit.ts).
    findOverlappingPermit: fromPromise<Permit | null, PermitCreatePayload>(async () =>
      missingImplementation('addPermit', 'actor', 'findOverlappingPermit'),
    ),
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({ errorMessage: params.message })),
    clearError: assign({ errorMessage: null, errorDetail: null }),
    rememberSent: assign({
      sent: ({ context, event }) => {
        assertEvent(event, 'SUBMIT');
        return toPermitCreatePayload(event.values, event.settings, context.clock());
      },
    }),
    // Kept only until the answer is read: a payload left in the context would make each later
    // state a new one for the model tests to walk.
    forgetSent: assign({ sent: null }),
    explainOverlap: assign((_, params: { permit: Permit | null }) => ({
      errorDetail: overlapDetail(params.permit),
    })),
    readSuggestion: readSuggestionAction<AddPermitContext, AddPermitEvent>(),
    forgetSeries: assign({ series: [] }),
    // Weeks made by an earlier try keep their key and are not sent again.
    planSeries: assign({
      series: ({ context, event }) => {
        assertEvent(event, 'SUBMIT');
        const first = toPermitCreatePayload(event.values, event.settings, context.clock());
        const weeks = weeklySeries(first, Number(event.values.weeks), context.series);
        // Weeks left from an earlier try get another go.
        return weeks.map((week) =>
          week.outcome === 'not-made' && week.payload !== null
            ? { ...week, outcome: 'waiting' as const, reason: null }
            : week,
        );
      },
    }),
    settleWeek: assign(
      ({ context }, params: { outcome: 'made' } | { outcome: 'not-made'; reason: string }) => {
        const week = nextWaitingWeek(context.series);
        return {
          series: context.series.map((each) =>
            each === week
              ? {
                  ...each,
                  outcome: params.outcome,
                  reason: 'reason' in params ? params.reason : null,
                }
              : each,
          ),
        };
      },
    ),
    navigateToMyPermits: () => missingImplementation('addPermit', 'action', 'navigateToMyPermits'),
  },
  guards: {
    isOverlapRefusal: (_, params: { error: unknown }) =>
      toCreatePermitErrorMessage(toHttpFailure(params.error)) === createPermitMessages.overlapping,
    // docs/contract.md §7: only these two statuses mean the permit was taken.
    isCreated: (_, params: { answer: CreatePermitAnswer }) =>
      params.answer.status === 201 || params.answer.status === 202,
    registrationIs: registrationIsGuard,
    repeatsWeekly: ({ event }) => {
      assertEvent(event, 'SUBMIT');
      const { schedule, repeat_weekly } = event.values;
      return event.settings.can_schedule_permits && schedule && repeat_weekly;
    },
    weekWaiting: ({ context }) => nextWaitingWeek(context.series) !== undefined,
    isTheWeekItself: ({ context }, params: { permit: Permit | null }) => {
      const payload = nextWaitingWeek(context.series)?.payload;
      return params.permit !== null && !!payload && isSameBooking(params.permit, payload);
    },
    everyWeekMade: ({ context }) => context.series.every((week) => week.outcome === 'made'),
  },
}).createMachine({
  id: 'addPermit',
  description: 'Adding a permit: the form, its checks, sending it, and a weekly series.',
  context: ({ input }) => ({
    errorMessage: null,
    errorDetail: null,
    sent: null,
    suggestion: null,
    clock: input.clock ?? systemClock,
    vehicle: input.vehicle ?? null,
    series: [],
  }),
  initial: 'form',
  states: {
    form: {
      description: 'The form on screen: its registration read, and its submission.',
      type: 'parallel',
      states: {
        registration: registrationRegion,
        submission: {
          description: 'Sending the create call and reading its answer.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The resident fills in the form.',
              on: {
                SUBMIT: [
                  {
                    description: 'Repeat weekly is ticked: create the series, week by week.',
                    guard: 'repeatsWeekly',
                    target: 'creatingSeries',
                    actions: 'planSeries',
                  },
                  {
                    description: 'Send the form.',
                    target: 'submitting',
                    actions: 'forgetSeries',
                  },
                ],
              },
            },
            submitting: {
              description:
                'The create call is out. No SUBMIT handler: a double click or a second Enter sends nothing.',
              entry: ['clearError', 'rememberSent'],
              invoke: {
                id: 'createPermit',
                src: 'createPermit',
                input: ({ context }) => context.sent!,
                onDone: [
                  {
                    description: 'HTTP 201 or 202: the permit was taken.',
                    guard: { type: 'isCreated', params: ({ event }) => ({ answer: event.output }) },
                    target: '#addPermit.succeeded',
                  },
                  {
                    description: 'Any other 2xx does not mean the permit was taken.',
                    target: 'failed',
                    actions: {
                      type: 'showError',
                      params: { message: createPermitMessages.failed },
                    },
                  },
                ],
                onError: [
                  {
                    description:
                      'Refused as overlapping: say so, and look for the permit in the way.',
                    guard: {
                      type: 'isOverlapRefusal',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'findingOverlap',
                    actions: {
                      type: 'showError',
                      params: { message: createPermitMessages.overlapping },
                    },
                  },
                  {
                    description: 'The call failed: show why.',
                    target: 'failed',
                    actions: {
                      type: 'showError',
                      params: ({ event }) => ({
                        message: toCreatePermitErrorMessage(toHttpFailure(event.error)),
                      }),
                    },
                  },
                ],
              },
            },
            findingOverlap: {
              description:
                'The permit was refused as overlapping: the resident’s own permits for the vehicle are read to say which one is in the way. No SUBMIT handler while it runs.',
              invoke: {
                id: 'findOverlappingPermit',
                src: 'findOverlappingPermit',
                input: ({ context }) => context.sent!,
                onDone: {
                  description:
                    'Read: name the resident’s permit in the way, or say the vehicle’s permit at the address is not theirs.',
                  target: 'failed',
                  actions: {
                    type: 'explainOverlap',
                    params: ({ event }) => ({ permit: event.output }),
                  },
                },
                onError: {
                  description: 'The permits could not be read: the spec’s message stands alone.',
                  target: 'failed',
                },
              },
            },
            creatingSeries: {
              description:
                'A "Repeat weekly" series goes out one week at a time ("Creating 2 of 3…"). No SUBMIT handler: a double click sends nothing, and a week made is never sent again.',
              entry: 'clearError',
              initial: 'nextWeek',
              states: {
                nextWeek: {
                  description: 'Choosing what comes next from how each week went.',
                  always: [
                    {
                      description: 'A week has not had its try yet: send it.',
                      guard: 'weekWaiting',
                      target: 'creatingWeek',
                    },
                    {
                      description: 'Every week of the series was made.',
                      guard: 'everyWeekMade',
                      target: '#addPermit.succeeded',
                    },
                    {
                      description: 'Every week had its try, and some were not made.',
                      target: '#addPermit.form.submission.seriesIncomplete',
                    },
                  ],
                },
                creatingWeek: {
                  description: 'The create call for the next waiting week is out.',
                  invoke: {
                    id: 'createWeek',
                    src: 'createWeek',
                    input: ({ context }) => waitingWeekPayload(context.series, 'creatingWeek'),
                    onDone: [
                      {
                        description: 'HTTP 201 or 202: this week was made.',
                        guard: {
                          type: 'isCreated',
                          params: ({ event }) => ({ answer: event.output }),
                        },
                        target: 'nextWeek',
                        actions: { type: 'settleWeek', params: { outcome: 'made' } },
                      },
                      {
                        description: 'Any other 2xx: this week was not made.',
                        target: 'nextWeek',
                        actions: {
                          type: 'settleWeek',
                          params: { outcome: 'not-made', reason: createPermitMessages.failed },
                        },
                      },
                    ],
                    onError: [
                      {
                        description:
                          'Refused as overlapping: look for the permit in the way, which may be this week’s own.',
                        guard: {
                          type: 'isOverlapRefusal',
                          params: ({ event }) => ({ error: event.error }),
                        },
                        target: 'checkingWeek',
                      },
                      {
                        description: 'The call failed: this week was not made, and why is kept.',
                        target: 'nextWeek',
                        actions: {
                          type: 'settleWeek',
                          params: ({ event }) => ({
                            outcome: 'not-made' as const,
                            reason: toCreatePermitErrorMessage(toHttpFailure(event.error)),
                          }),
                        },
                      },
                    ],
                  },
                },
                checkingWeek: {
                  description:
                    'A week was refused as overlapping: the resident’s permits for the vehicle are read. An earlier try whose answer was lost may have made this very week.',
                  invoke: {
                    id: 'findOverlappingPermit',
                    src: 'findOverlappingPermit',
                    input: ({ context }) => waitingWeekPayload(context.series, 'checkingWeek'),
                    onDone: [
                      {
                        description:
                          'The permit in the way is this week, to the minute: the week is made.',
                        guard: {
                          type: 'isTheWeekItself',
                          params: ({ event }) => ({ permit: event.output }),
                        },
                        target: 'nextWeek',
                        actions: { type: 'settleWeek', params: { outcome: 'made' } },
                      },
                      {
                        description: 'Another permit is in the way: this week was not made.',
                        target: 'nextWeek',
                        actions: {
                          type: 'settleWeek',
                          params: { outcome: 'not-made', reason: createPermitMessages.overlapping },
                        },
                      },
                    ],
                    onError: {
                      description: 'The permits could not be read: the refusal stands.',
                      target: 'nextWeek',
                      actions: {
                        type: 'settleWeek',
                        params: { outcome: 'not-made', reason: createPermitMessages.overlapping },
                      },
                    },
                  },
                },
              },
            },
            seriesIncomplete: {
              description:
                'Some weeks of the series were made and some not: the screen lists each by date; the form keeps its values for a retry of the rest.',
              on: {
                SUBMIT: [
                  {
                    description: 'Repeat weekly is ticked: retry the weeks not made.',
                    guard: 'repeatsWeekly',
                    target: 'creatingSeries',
                    actions: 'planSeries',
                  },
                  {
                    description: 'Send a single permit instead.',
                    target: 'submitting',
                    actions: 'forgetSeries',
                  },
                ],
              },
            },
            failed: {
              description: 'The create call failed; the form keeps its values.',
              entry: 'forgetSent',
              on: {
                SUBMIT: [
                  {
                    description:
                      'Repeat weekly is ticked: retry as a series with whatever the form now holds.',
                    guard: 'repeatsWeekly',
                    target: 'creatingSeries',
                    actions: 'planSeries',
                  },
                  {
                    description: 'Retry with whatever the form now holds.',
                    target: 'submitting',
                    actions: 'forgetSeries',
                  },
                ],
              },
            },
          },
        },
      },
    },
    succeeded: {
      description: 'The permit was created: on to My Permits.',
      type: 'final',
      entry: 'navigateToMyPermits',
    },
  },
});
