import type { AnyEventObject } from 'xstate';
import type {
  addPermitMachine,
  CreatePermitAnswer,
} from '../../../machines/permits/add-permit-machine';
import type { PermitCreatePayload } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';
import type { createActorControls } from '../actor-controls';
import { filledForm, fullSite } from './permit-form-fixtures';

/**
 * What the add-permit model may be sent: the settings answers (loaded, failed), a submit, and each
 * kind of answer to the create call. The machine-level and the screen-level model tests walk the
 * same paths.
 */
export const addPermitEventSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSiteSettings', output: fullSite },
  { type: 'xstate.error.actor.loadSiteSettings', error: { status: 500 } },
  { type: 'SUBMIT', values: { ...filledForm, reference_label: 'Plumber' } },
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
];

/** The add-permit machine with actors the test settles by hand through `controls`. */
export function withControlledAddPermitActors(
  machine: typeof addPermitMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      loadSiteSettings: controls.promise<SiteSettings>('loadSiteSettings'),
      createPermit: controls.promise<CreatePermitAnswer, PermitCreatePayload>('createPermit'),
    },
  });
}
