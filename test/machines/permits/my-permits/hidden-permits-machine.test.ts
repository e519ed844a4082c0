import { createActor, fromPromise, waitFor } from 'xstate';
import type { PermitListRequest } from '../../../../contract/permit';
import { hiddenPermitsMachine } from '../../../../machines/permits/my-permits/hidden-permits-machine';
import {
  everyDateFilters,
  todaysFilters,
} from '../../../../machines/permits/my-permits/hidden-permits-flow-samples';

function startWith(countPermits: (request: PermitListRequest) => Promise<number>) {
  const asked: PermitListRequest[] = [];
  const actor = createActor(
    hiddenPermitsMachine.provide({
      actors: {
        countPermits: fromPromise(({ input }: { input: PermitListRequest }) => {
          asked.push(input);
          return countPermits(input);
        }),
      },
    }),
  ).start();
  return { actor, asked };
}

test('an empty day: the same filters are counted without the dates, page 1', async () => {
  const { actor, asked } = startWith(async () => 3);
  actor.send({ type: 'CHECK', filters: { ...todaysFilters, search: 'ford', page: 2 } });
  await waitFor(actor, (snapshot) => snapshot.matches('counted'));
  expect(actor.getSnapshot().context.hidden).toBe(3);
  expect(asked).toEqual([
    {
      status: todaysFilters.statuses,
      start_date: '',
      end_date: '',
      search: 'ford',
      page: 1,
    },
  ]);
});

test('no date filter: nothing can be hidden by dates, and nothing is asked', () => {
  const { actor, asked } = startWith(async () => 3);
  actor.send({ type: 'CHECK', filters: everyDateFilters });
  expect(actor.getSnapshot().matches('unknown')).toBe(true);
  expect(actor.getSnapshot().context.hidden).toBe(0);
  expect(asked).toEqual([]);
});

test('a failed count says nothing', async () => {
  const { actor } = startWith(async () => Promise.reject(new Error('offline')));
  actor.send({ type: 'CHECK', filters: todaysFilters });
  await waitFor(actor, (snapshot) => snapshot.matches('unknown'));
  expect(actor.getSnapshot().context.hidden).toBe(0);
});
