import type { AnyEventObject } from 'xstate';
import type {
  VisitorPass,
  VisitorPassCreated,
  VisitorPassCreatePayload,
} from '../../../contract/visitor-pass';
import type { createActorControls } from '../../flow-models/actor-controls';
import type { visitorPassMachine } from './visitor-pass-machine';
import type { VisitorPassFormValues } from './visitor-pass-form';

/** "Mum"'s pass, READY: two permits from 1 June 2026 at 12:00 to 8 June, one booked. */
export const readyPass: VisitorPass = {
  id: 7,
  name: 'Mum',
  valid_from: '2026-06-01T11:00:00Z',
  valid_until: '2026-06-08T11:00:00Z',
  uses_allowed: 2,
  uses_left: 1,
  state: 'READY',
  created_at: '2026-06-01T11:00:00Z',
  permit_ids: [41],
};

/** The same pass in each of its other states. */
export const usedPass: VisitorPass = {
  ...readyPass,
  uses_left: 0,
  state: 'USED',
  permit_ids: [41, 42],
};
export const expiredPass: VisitorPass = { ...readyPass, state: 'EXPIRED' };
export const withdrawnPass: VisitorPass = { ...readyPass, state: 'WITHDRAWN' };

/** What the visitor-pass model starts with: "Send a visitor pass", with a key of its own. */
export const visitorPassInput = { createKey: '3b9d2f4e-6a1c-4d8e-a7f0-5c2b1e9d8a47' };

/** What the host answers "Create link" with: the pass, and this once its token. */
export const createdPass: VisitorPassCreated = {
  ...readyPass,
  uses_left: 2,
  permit_ids: [],
  token: 'pass-token-1',
};

/** "Send a visitor pass" filled in: "Mum", a week from 1 June 2026 at 12:00, two permits. */
export const filledVisitorPassForm: VisitorPassFormValues = {
  name: 'Mum',
  valid_from: '2026-06-01T12:00',
  valid_until: '2026-06-08T12:00',
  uses: '2',
};

/**
 * What the visitor-pass model may be sent: "Create link", each kind of answer to it, "Withdraw"
 * and each kind of answer to that, and the host's later word on the pass in each state. The
 * machine-level and the screen-level model tests walk the same paths.
 */
export const visitorPassEventSamples: AnyEventObject[] = [
  { type: 'SUBMIT', values: filledVisitorPassForm },
  { type: 'xstate.done.actor.createVisitorPass', output: createdPass },
  {
    type: 'xstate.error.actor.createVisitorPass',
    error: { status: 400, body: { valid_until: ['A visitor pass can last at most 31 days'] } },
  },
  { type: 'xstate.error.actor.createVisitorPass', error: {} },
  { type: 'WITHDRAW' },
  { type: 'xstate.done.actor.withdrawVisitorPass', output: withdrawnPass },
  { type: 'xstate.done.actor.withdrawVisitorPass', output: usedPass },
  { type: 'xstate.done.actor.withdrawVisitorPass', output: expiredPass },
  { type: 'xstate.error.actor.withdrawVisitorPass', error: {} },
  { type: 'PASS.SEEN', pass: usedPass },
  { type: 'PASS.SEEN', pass: expiredPass },
  { type: 'PASS.SEEN', pass: withdrawnPass },
  { type: 'PASS.SEEN', pass: readyPass },
];

/** The visitor-pass machine with actors the test settles by hand through `controls`. */
export function withControlledVisitorPassActors(
  machine: typeof visitorPassMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      createVisitorPass: controls.promise<VisitorPassCreated, VisitorPassCreatePayload>(
        'createVisitorPass',
      ),
      withdrawVisitorPass: controls.promise<VisitorPass, { id: number }>('withdrawVisitorPass'),
    },
  });
}
