import type { AnyEventObject } from 'xstate';
import type { permitListMachine, PermitListInput } from './permit-list-machine';
import type { Permit, PermitListBody, PermitListRequest } from '../../../contract/permit';
import { readPermitListAnswer, type ListAnswer } from '../rules/read-permit-list-body';
import type { createActorControls } from '../../flow-models/actor-controls';

/** A permit as GET /api/v1/permits/ sends it (UTC times), with `changes` applied. */
export function listedPermit(changes: Partial<Permit> = {}): Permit {
  return {
    id: 1,
    vrm: 'AB12CDE',
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    reference_no: 'PLUMBER',
    label: true,
    driver_first: 'Sam',
    driver_last: 'Jones',
    status: 'ACTIVE',
    start_ts: '2026-06-01T11:00:00.000Z',
    end_ts: '2026-06-02T17:00:00.000Z',
    ...changes,
  };
}

export const queuedPermit = listedPermit({ id: 2, vrm: 'CD34EFG', status: 'QUEUED' });
export const activePermit = listedPermit({ id: 3, vrm: 'EF56GHI', status: 'ACTIVE' });

/** The first page of 45 permits, one of them still queued at the provider. */
export const pageWithPending: PermitListBody = { results: [queuedPermit, activePermit], count: 45 };
/** The same page once the queued permit went live. */
export const pageSettled: PermitListBody = {
  results: [{ ...queuedPermit, status: 'ACTIVE' }, activePermit],
  count: 45,
};

/** How the live list call settles with `body` on page 1 (`readPermitListAnswer`). */
function listed(body: PermitListBody): ListAnswer {
  const results = Array.isArray(body) ? body : 'results' in body ? body.results : [];
  const count = Array.isArray(body) ? body.length : 'count' in body ? body.count : 0;
  return { kind: 'listed', permits: results, count };
}

/**
 * What the permit-list model may be sent: each filter gesture, a URL change from outside, the
 * page being hidden and shown, the connection going and coming back, and each kind of answer of the list call. The samples are few on
 * purpose: each one multiplies the states the model walks.
 */
export const permitListEventSamples: AnyEventObject[] = [
  { type: 'FILTERS.CHANGE', changes: { statuses: ['QUEUED', 'ACTIVE'] } },
  { type: 'FILTERS.CHANGE', changes: { statuses: [] } },
  { type: 'SEARCH', search: 'ford' },
  { type: 'PAGE.GO', page: 2 },
  { type: 'QUERY.CHANGED', query: 'page=2' },
  { type: 'xstate.done.actor.fetchPermits', output: listed(pageWithPending) },
  { type: 'xstate.done.actor.fetchPermits', output: listed(pageSettled) },
  { type: 'xstate.done.actor.fetchPermits', output: listed([activePermit]) },
  { type: 'xstate.done.actor.fetchPermits', output: { kind: 'pageGone' } satisfies ListAnswer },
  { type: 'xstate.error.actor.fetchPermits', error: { status: 500 } },
  { type: 'CONNECTION.LOST' },
  { type: 'CONNECTION.BACK' },
];

/**
 * What the permit-list model starts with: a fixed clock, so each answer is shown "as of" the same
 * instant and the walk does not count one state per millisecond.
 */
export const permitListModelInput: PermitListInput = {
  clock: () => new Date('2026-06-01T11:00:00Z'),
};

/** The permit-list machine with a list call the test settles by hand through `controls`. */
export function withControlledPermitListActors(
  machine: typeof permitListMachine,
  controls: ReturnType<typeof createActorControls>,
) {
  return machine.provide({
    actors: {
      fetchPermits: controls.promise<ListAnswer, PermitListRequest>('fetchPermits'),
    },
  });
}

/**
 * Settles the list call under way as the live actor settles the API host's `answer` (a body, or
 * a rejection such as `{ status: 404 }`): through `readPermitListAnswer`, for the page asked for.
 */
export async function answerListCall(
  controls: ReturnType<typeof createActorControls>,
  answer: Promise<unknown>,
): Promise<void> {
  const request = controls.inputs('fetchPermits').at(-1) as PermitListRequest;
  let read: ListAnswer;
  try {
    read = await readPermitListAnswer(answer, request.page);
  } catch (error) {
    controls.reject('fetchPermits', error);
    return;
  }
  controls.resolve('fetchPermits', read);
}
