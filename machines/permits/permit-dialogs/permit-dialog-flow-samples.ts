import type { AnyEventObject } from 'xstate';
import type { activatePermitMachine } from './activate-permit-machine';
import type { cancelPermitMachine } from './cancel-permit-machine';
import type { Permit, PermitUpdateAnswer, PermitUpdatePayload } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';
import type { updatePermitMachine } from './update-permit-machine';
import type { createActorControls } from '../../flow-models/actor-controls';

/** A permit booked for later: the server sends times in UTC ('Z'). */
export const scheduledPermit: Permit = {
  id: 41,
  vrm: 'AB12CDE',
  make: 'Ford',
  model: 'Focus',
  colour: 'Blue',
  reference_no: 'KB-0041',
  label: false,
  driver_first: 'Sam',
  driver_last: 'Jones',
  status: 'SCHEDULED',
  start_ts: '2026-06-03T08:00:00.000Z',
  end_ts: '2026-06-04T17:30:00.000Z',
};

export const activePermit: Permit = {
  ...scheduledPermit,
  id: 42,
  status: 'ACTIVE',
  start_ts: '2026-05-31T09:00:00.000Z',
  end_ts: '2026-06-02T17:00:00.000Z',
};

/** Scheduling allowed, the resident picks the end. */
export const schedulingSite: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

/** What the reference host answers to activate and cancel, the permit as it now stands; unread. */
const actionAnswer: Permit = { ...scheduledPermit, status: 'QUEUED' };

/**
 * What the activate and cancel models may be sent, for the actor `actorId`: confirm, dismiss, a
 * success, and failures carrying each field the catalogue reads, and none.
 */
export function permitActionEventSamples(actorId: 'activatePermit' | 'cancelPermit') {
  return [
    { type: 'CONFIRM' },
    { type: 'DISMISS' },
    { type: `xstate.done.actor.${actorId}`, output: actionAnswer },
    {
      type: `xstate.error.actor.${actorId}`,
      error: {
        status: 400,
        body: { non_field_errors: ['A permit with status ACTIVE cannot be changed.'] },
      },
    },
    {
      type: `xstate.error.actor.${actorId}`,
      error: { status: 404, body: { detail: 'Not found.' } },
    },
    { type: `xstate.error.actor.${actorId}`, error: {} },
  ] satisfies AnyEventObject[];
}

/** What the update model may be sent: new times, dismiss, and each kind of answer. */
export const updatePermitEventSamples: AnyEventObject[] = [
  {
    type: 'SUBMIT',
    values: { start: '2026-06-03T10:00', end: '2026-06-04T18:00', indefinite: false },
  },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.updatePermit', output: scheduledPermit },
  {
    type: 'xstate.done.actor.updatePermit',
    output: { error: true, message: 'The parking provider refused the change.' },
  },
  {
    type: 'xstate.error.actor.updatePermit',
    error: { status: 400, body: { end_ts: ['End must be after the start.'] } },
  },
  { type: 'xstate.error.actor.updatePermit', error: {} },
];

type PermitActionMachine = typeof activatePermitMachine | typeof cancelPermitMachine;

/** The activate or cancel machine with its call settled by hand through `controls`. */
export function withControlledPermitActionActors<TMachine extends PermitActionMachine>(
  machine: TMachine,
  actorId: 'activatePermit' | 'cancelPermit',
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: { [actorId]: controls.promise<void, { id: number }>(actorId) },
  });
}

/** The update machine with its call settled by hand through `controls`. */
export function withControlledUpdatePermitActors(
  machine: typeof updatePermitMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      updatePermit: controls.promise<
        PermitUpdateAnswer,
        { id: number; payload: PermitUpdatePayload }
      >('updatePermit'),
    },
  });
}
