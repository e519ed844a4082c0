import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { formErrors } from '../../form-errors';
import { permitFormSchema } from '../permit-form/permit-form-schema';
import type { PermitFormValues } from '../permit-form/permit-form-values';
import type { AddPermitContext, addPermitMachine, CreatePermitAnswer } from './add-permit-machine';
import type { Permit, PermitCreatePayload } from '../../../contract/permit';
import type { createActorControls } from '../../flow-models/actor-controls';
import { activePermit } from '../permit-dialogs/permit-dialog-flow-samples';
import { filledForm, fullSite, juneNoon } from '../permit-form/permit-form-samples';

/**
 * "Repeat weekly" for 2 weeks from a scheduled start (the fewest a series may have, so the model
 * stays small): 8 June 2026 at 18:00, each week ending the next day at 18:00.
 */
export const weeklySeriesForm = {
  ...filledForm,
  reference_label: 'Plumber',
  schedule: true,
  start: '2026-06-08T18:00',
  end: '2026-06-09T18:00',
  repeat_weekly: true,
  weeks: '2',
};

/**
 * The first week of `weeklySeriesForm` as the API host lists it once made: what a retry finds in
 * its way when an earlier try made the week but its answer was lost.
 */
export const seriesFirstWeekPermit: Permit = {
  ...activePermit,
  id: 43,
  status: 'SCHEDULED',
  reference_no: 'Plumber 08/06/2026',
  label: true,
  start_ts: '2026-06-08T17:00:00.000Z',
  end_ts: '2026-06-09T17:00:00.000Z',
};

/** The site the add-permit model runs on: one that offers every field. */
export const addPermitSite = fullSite;

/** What the add-permit model starts with. */
export const addPermitInput = { clock: () => juneNoon };

/** A registration of the kind each state of the `registration` region read. */
const registrationRead: Record<string, string> = {
  blank: '',
  recognised: 'AB12 CDE',
  suggesting: 'AB12 C0E',
  confirming: 'CD 123 456',
};

/** A week refused as overlapping: the model then reads the permit in the way. */
const weekOverlapRefusal: AnyEventObject = {
  type: 'xstate.error.actor.createWeek',
  error: {
    status: 400,
    body: { non_field_errors: ['A permit for this VRM and time already exists'] },
  },
};

/**
 * Which samples the model offers where. The form sends SUBMIT only with values its schema accepts
 * (machines/permits/permit-form/permit-form-schema.ts): the event's values, with the registration
 * the field holds, which the registration region read. A sample the form would hold back (no
 * registration, or one not vouched for) is not offered. A week's overlap refusal, and the week's
 * own permit in the way, are offered only where they tell something (below).
 */
export function addPermitOffers(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (event === weekOverlapRefusal) {
    // Offered for the first week alone: its outcomes are what the model walks, and every week
    // after it would only multiply the paths.
    return (snapshot.context as AddPermitContext).series[0]?.outcome === 'waiting';
  }
  if (event.type === 'xstate.done.actor.findOverlappingPermit') {
    // Only a week of a series looks for its own permit: offered there alone, so a single
    // permit's paths stay as they were.
    const checkingWeek = snapshot.matches({
      form: { submission: { creatingSeries: 'checkingWeek' } },
    });
    return (event as { output?: unknown }).output !== seriesFirstWeekPermit || checkingWeek;
  }
  if (event.type !== 'SUBMIT') return true;
  const { registration } = (snapshot.value as { form: { registration: string } }).form;
  const values = { ...(event.values as PermitFormValues), vrm: registrationRead[registration] };
  const schema = permitFormSchema(addPermitSite, addPermitInput.clock());
  return Object.keys(formErrors(schema, values)).length === 0;
}

/**
 * What the add-permit model may be sent: a registration of each kind, a submit with and without
 * "This registration is correct" ticked (offered only where the form sends it:
 * `addPermitOffers`), and each kind of answer to the create call.
 * The machine-level and the screen-level model tests walk the same paths.
 */
export const addPermitEventSamples: AnyEventObject[] = [
  { type: 'VRM.CHANGED', vrm: '' },
  { type: 'VRM.CHANGED', vrm: 'AB12 CDE' },
  { type: 'VRM.CHANGED', vrm: 'AB12 C0E' },
  { type: 'VRM.CHANGED', vrm: 'CD 123 456' },
  {
    type: 'SUBMIT',
    values: { ...filledForm, reference_label: 'Plumber' },
    settings: addPermitSite,
  },
  {
    type: 'SUBMIT',
    values: { ...filledForm, reference_label: 'Plumber', vrm_confirmed: true },
    settings: addPermitSite,
  },
  { type: 'xstate.done.actor.createPermit', output: { status: 201 } },
  { type: 'xstate.done.actor.createPermit', output: { status: 202 } },
  { type: 'xstate.done.actor.createPermit', output: { status: 200 } },
  {
    type: 'xstate.error.actor.createPermit',
    error: {
      status: 400,
      body: { non_field_errors: ['A permit for this VRM and time already exists'] },
    },
  },
  {
    type: 'xstate.error.actor.createPermit',
    error: { status: 400, body: { non_field_errors: ['You have reached your permit limit'] } },
  },
  { type: 'xstate.error.actor.createPermit', error: {} },
  // After an overlap refusal: the resident's permit in the way, or no answer. (None of theirs is
  // the same transition with other words, which test/machines/permits/add-permit/add-permit-machine.test.ts
  // checks: each sample here doubles the paths that follow a failure.)
  { type: 'xstate.done.actor.findOverlappingPermit', output: activePermit },
  { type: 'xstate.error.actor.findOverlappingPermit', error: {} },
  { type: 'SUBMIT', values: weeklySeriesForm, settings: addPermitSite },
  { type: 'xstate.done.actor.createWeek', output: { status: 201 } },
  // A 2xx that is neither 201 nor 202 is not a made week (machines/permits/add-permit/add-permit-machine.ts).
  { type: 'xstate.done.actor.createWeek', output: { status: 200 } },
  {
    type: 'xstate.error.actor.createWeek',
    error: { status: 400, body: { non_field_errors: ['You have reached your permit limit'] } },
  },
  weekOverlapRefusal,
  // A week refused as overlapping finds its own permit (made by a try whose answer was lost).
  { type: 'xstate.done.actor.findOverlappingPermit', output: seriesFirstWeekPermit },
];

/** The add-permit machine with actors the test settles by hand through `controls`. */
export function withControlledAddPermitActors(
  machine: typeof addPermitMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      createPermit: controls.promise<CreatePermitAnswer, PermitCreatePayload>('createPermit'),
      createWeek: controls.promise<CreatePermitAnswer, PermitCreatePayload>('createWeek'),
      findOverlappingPermit: controls.promise<Permit | null, PermitCreatePayload>(
        'findOverlappingPermit',
      ),
    },
  });
}
