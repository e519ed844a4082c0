import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  permitListMachine,
  type PermitListInput,
  type PublishQueryParams,
} from '../../../../machines/permits/my-permits/permit-list-machine';
import { permitStatuses } from '../../../../contract/permit-status';
import type { Permit, PermitListBody, PermitListRequest } from '../../../../contract/permit';
import type { SavedPermitList } from '../../../../machines/permits/my-permits/saved-permit-list';
import { createActorControls } from '../../../../machines/flow-models/actor-controls';
import {
  activePermit,
  listedPermit,
  pageSettled,
  pageWithPending,
  queuedPermit,
  answerListCall,
  withControlledPermitListActors,
} from '../../../../machines/permits/my-permits/permit-list-flow-samples';
import {
  readPermitListAnswer,
  type ListAnswer,
} from '../../../../machines/permits/rules/read-permit-list-body';

/** 1 June 2026, 12:00 in London. */
const juneNoon = () => new Date('2026-06-01T11:00:00Z');

const defaultRequest: PermitListRequest = {
  // The default statuses themselves are asserted in permit-list-filters.test.ts.
  status: [...permitStatuses],
  start_date: '2026-06-01T00:00',
  end_date: '2026-06-01T23:59',
  search: '',
  page: 1,
};

const defaultFilters = {
  statuses: defaultRequest.status,
  startDate: '2026-06-01T00:00',
  endDate: '2026-06-01T23:59',
  search: '',
  page: 1,
};

function startPermitList(input: Partial<PermitListInput> = {}) {
  const controls = createActorControls();
  const clock = new SimulatedClock();
  const publishQuery = jest.fn<void, [PublishQueryParams]>();
  const savePermits = jest.fn<void, [SavedPermitList]>();
  const machine = withControlledPermitListActors(permitListMachine, controls).provide({
    actions: {
      publishQuery: (_, params) => publishQuery(params),
      savePermits: (_, params) => savePermits(params),
    },
  });
  const actor = createActor(machine, { input: { clock: juneNoon, ...input }, clock }).start();
  const ready = () => waitFor(actor, (snapshot) => snapshot.matches('ready'));
  const requests = () => controls.inputs('fetchPermits') as PermitListRequest[];
  /** Answers the list call under way with `body` and waits for the list to be ready. */
  const answer = async (body: PermitListBody | { error: unknown }) => {
    await answerListCall(controls, Promise.resolve(body));
    return ready();
  };
  const fail = async (error: unknown) => {
    await answerListCall(controls, Promise.reject(error));
    return ready();
  };
  const publishedQueries = () => publishQuery.mock.calls.map(([params]) => params.query);
  return {
    actor,
    controls,
    clock,
    publishQuery,
    savePermits,
    ready,
    requests,
    answer,
    fail,
    publishedQueries,
  };
}

/** `count` permits as a plain array, ids 1 to count. */
function plainList(count: number): Permit[] {
  return Array.from({ length: count }, (_, index) => listedPermit({ id: index + 1 }));
}

describe('permitListMachine loading', () => {
  it('asks for the default filters first: all statuses, today in London, page 1', () => {
    const { actor, requests } = startPermitList();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toMatchObject({
      filters: defaultFilters,
      permits: [],
      count: 0,
      hasFetched: false,
      lastFetchFailed: false,
    });
    expect(requests()).toEqual([defaultRequest]);
  });

  it('asks for the filters the URL named', () => {
    const filters = { ...defaultFilters, statuses: ['QUEUED' as const], search: 'van', page: 2 };
    const { actor, requests } = startPermitList({ filters });
    expect(actor.getSnapshot().context.filters).toEqual(filters);
    expect(requests()).toEqual([{ ...defaultRequest, status: ['QUEUED'], search: 'van', page: 2 }]);
  });

  it('with every status deselected shows no permits and asks the API for none', async () => {
    const { actor, answer, requests } = startPermitList();
    await answer({ results: [activePermit], count: 1 });

    actor.send({ type: 'FILTERS.CHANGE', changes: { statuses: [] } });

    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ permits: [], count: 0 });
    expect(requests()).toHaveLength(1);
  });

  it('shows the rows and count of a results-and-count answer', async () => {
    const { answer } = startPermitList();
    const ready = await answer({ results: [activePermit], count: 45 });
    expect(ready.value).toEqual({ ready: 'idle' });
    expect(ready.context).toMatchObject({
      permits: [activePermit],
      count: 45,
      permitsPage: 1,
      hasFetched: true,
      lastFetchFailed: false,
    });
  });

  it('takes the count from the rows when an answer has none', async () => {
    const { answer } = startPermitList();
    const ready = await answer({ results: [activePermit] } as unknown as PermitListBody);
    expect(ready.context).toMatchObject({ permits: [activePermit], count: 1 });
  });

  it('shows a plain array as the whole list, 20 rows a page', async () => {
    const { answer } = startPermitList({ filters: { ...defaultFilters, page: 2 } });
    const ready = await answer(plainList(45));
    expect(ready.context.count).toBe(45);
    expect(ready.context.permits.map((permit) => permit.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 21),
    );
  });

  it('shows the last, shorter page of a plain array', async () => {
    const { answer } = startPermitList({ filters: { ...defaultFilters, page: 3 } });
    const ready = await answer(plainList(45));
    expect(ready.context.permits.map((permit) => permit.id)).toEqual([41, 42, 43, 44, 45]);
  });

  it('shows an empty list with no count', async () => {
    const { answer } = startPermitList();
    const ready = await answer({ results: [], count: 0 });
    expect(ready.context).toMatchObject({ permits: [], count: 0, lastFetchFailed: false });
  });

  it.each<[string, unknown]>([
    ['a body carrying an error field', { error: 'Service unavailable' }],
    ['a body carrying a false error flag', { error: false, results: [], count: 0 }],
    ['a body that is not a list', 'Bad gateway'],
    ['an empty body', null],
    ['a body without results', { count: 3 }],
  ])('treats %s as a failure, calmly', async (_, body) => {
    const { answer } = startPermitList();
    const ready = await answer(body as PermitListBody);
    expect(ready.value).toEqual({ ready: 'idle' });
    expect(ready.context).toMatchObject({
      permits: [],
      count: 0,
      hasFetched: true,
      lastFetchFailed: true,
    });
  });

  it('keeps the rows shown when a later fetch fails, and knows it failed', async () => {
    const { actor, answer, fail } = startPermitList();
    await answer({ results: [activePermit], count: 1 });
    actor.send({ type: 'REFRESH' });
    const afterRejection = await fail({ status: 500, body: { detail: 'Server error' } });
    expect(afterRejection.context).toMatchObject({
      permits: [activePermit],
      count: 1,
      lastFetchFailed: true,
    });
    actor.send({ type: 'REFRESH' });
    const afterErrorBody = await answer({ error: 'Service unavailable' });
    expect(afterErrorBody.context).toMatchObject({
      permits: [activePermit],
      lastFetchFailed: true,
    });
    actor.send({ type: 'REFRESH' });
    const recovered = await answer({ results: [queuedPermit, activePermit], count: 2 });
    expect(recovered.context).toMatchObject({
      permits: [queuedPermit, activePermit],
      lastFetchFailed: false,
    });
  });

  it('treats a rejection that is no HTTP failure like any failed fetch', async () => {
    const { fail } = startPermitList();
    const ready = await fail(new TypeError('Failed to fetch'));
    expect(ready.context).toMatchObject({ hasFetched: true, lastFetchFailed: true });
  });
});

describe('permitListMachine filters', () => {
  it('fetches page 1 of new statuses and publishes them', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList({
      filters: { ...defaultFilters, page: 2 },
    });
    await answer(pageSettled);
    actor.send({ type: 'FILTERS.CHANGE', changes: { statuses: ['QUEUED', 'ACTIVE'] } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(requests().at(-1)).toEqual({ ...defaultRequest, status: ['ACTIVE', 'QUEUED'] });
    expect(publishQuery).toHaveBeenCalledTimes(1);
    expect(publishQuery).toHaveBeenCalledWith({
      filters: { ...defaultFilters, statuses: ['ACTIVE', 'QUEUED'] },
      query: 'status=ACTIVE&status=QUEUED',
      replace: false,
    });
  });

  it('fetches new dates', async () => {
    const { actor, answer, requests, publishedQueries } = startPermitList();
    await answer(pageSettled);
    actor.send({
      type: 'FILTERS.CHANGE',
      changes: { startDate: '2026-05-01T00:00', endDate: '' },
    });
    expect(requests().at(-1)).toEqual({
      ...defaultRequest,
      start_date: '2026-05-01T00:00',
      end_date: '',
    });
    expect(publishedQueries()).toEqual(['start_date=2026-05-01T00%3A00&end_date=']);
  });

  it('does nothing for a change that leaves the filters as they are', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'FILTERS.CHANGE', changes: { statuses: [...defaultRequest.status] } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(requests()).toHaveLength(1);
    expect(publishQuery).not.toHaveBeenCalled();
  });

  it('searches from page 1, sending the search trimmed', async () => {
    const { actor, answer, requests, publishedQueries } = startPermitList({
      filters: { ...defaultFilters, page: 3 },
    });
    await answer(pageSettled);
    actor.send({ type: 'SEARCH', search: ' ford ' });
    expect(actor.getSnapshot().context.filters).toMatchObject({ search: ' ford ', page: 1 });
    expect(requests().at(-1)).toEqual({ ...defaultRequest, search: 'ford' });
    expect(publishedQueries()).toEqual(['search=+ford+']);
  });

  it('resets every filter to the defaults and clears the search', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList({
      filters: {
        statuses: ['FAILED'],
        startDate: '',
        endDate: '2026-05-01T10:00',
        search: 'van',
        page: 2,
      },
    });
    await answer(pageSettled);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.filters).toEqual(defaultFilters);
    expect(requests().at(-1)).toEqual(defaultRequest);
    expect(publishQuery).toHaveBeenCalledWith({
      filters: defaultFilters,
      query: '',
      replace: false,
    });
  });

  it('resets to the day it is now, not the day the list opened', async () => {
    let now = new Date('2026-06-01T11:00:00Z');
    const { actor, answer, requests } = startPermitList({ clock: () => now });
    await answer(pageSettled);
    actor.send({ type: 'SEARCH', search: 'van' });
    await answer(pageSettled);
    now = new Date('2026-06-02T08:00:00Z');
    actor.send({ type: 'RESET' });
    expect(requests().at(-1)).toMatchObject({
      start_date: '2026-06-02T00:00',
      end_date: '2026-06-02T23:59',
      search: '',
    });
  });

  it('does not fetch again for a Reset of the defaults', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'RESET' });
    expect(requests()).toHaveLength(1);
    expect(publishQuery).not.toHaveBeenCalled();
  });
});

describe('permitListMachine pages', () => {
  it('goes to another page of the count and publishes it', async () => {
    const { actor, answer, requests, publishedQueries } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'PAGE.GO', page: 3 });
    expect(requests().at(-1)).toEqual({ ...defaultRequest, page: 3 });
    expect(publishedQueries()).toEqual(['page=3']);
    expect(actor.getSnapshot().context).toMatchObject({ permitsPage: 1 });
    const ready = await answer({ results: [activePermit], count: 45 });
    expect(ready.context).toMatchObject({ permits: [activePermit], permitsPage: 3 });
  });

  it.each([
    ['past the last page', 4],
    ['the page shown', 1],
    ['page 0', 0],
    ['a fraction', 1.5],
  ])('ignores %s', async (_, page) => {
    const { actor, answer, requests, publishQuery } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'PAGE.GO', page });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(requests()).toHaveLength(1);
    expect(publishQuery).not.toHaveBeenCalled();
  });

  it('goes back to page 1 when the server says the page is gone, replacing the URL', async () => {
    const { actor, controls, answer, requests, publishQuery } = startPermitList({
      filters: { ...defaultFilters, page: 3 },
    });
    void answerListCall(
      controls,
      Promise.reject({ status: 404, body: { detail: 'Invalid page.' } }),
    );
    await waitFor(actor, (snapshot) => requests().length === 2 && snapshot.matches('loading'));
    expect(requests().at(-1)).toEqual(defaultRequest);
    expect(publishQuery).toHaveBeenCalledWith({
      filters: defaultFilters,
      query: '',
      replace: true,
    });
    const ready = await answer(pageSettled);
    expect(ready.context).toMatchObject({ lastFetchFailed: false, permitsPage: 1 });
  });

  it('goes back to page 1 when a plain array does not reach the page', async () => {
    const { actor, controls, requests, publishQuery } = startPermitList({
      filters: { ...defaultFilters, page: 2 },
    });
    void answerListCall(controls, Promise.resolve(plainList(20)));
    await waitFor(actor, () => requests().length === 2);
    expect(requests().at(-1)).toEqual(defaultRequest);
    expect(publishQuery).toHaveBeenCalledWith(expect.objectContaining({ replace: true }));
  });

  it('treats a 404 on page 1 as a failed fetch', async () => {
    const { fail, requests, publishQuery } = startPermitList();
    const ready = await fail({ status: 404, body: { detail: 'Not found.' } });
    expect(ready.context.lastFetchFailed).toBe(true);
    expect(requests()).toHaveLength(1);
    expect(publishQuery).not.toHaveBeenCalled();
  });
});

describe('permitListMachine URL changes from outside', () => {
  it('fetches what a new query names without publishing it back', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'QUERY.CHANGED', query: '?status=SCHEDULED&page=2' });
    expect(actor.getSnapshot().context.filters).toEqual({
      ...defaultFilters,
      statuses: ['SCHEDULED'],
      page: 2,
    });
    expect(requests().at(-1)).toEqual({ ...defaultRequest, status: ['SCHEDULED'], page: 2 });
    expect(publishQuery).not.toHaveBeenCalled();
  });

  it('goes back to the defaults for an empty query (Back to the first visit)', async () => {
    const { actor, answer, requests } = startPermitList({
      filters: { ...defaultFilters, search: 'van' },
    });
    await answer(pageSettled);
    actor.send({ type: 'QUERY.CHANGED', query: '' });
    expect(requests().at(-1)).toEqual(defaultRequest);
  });

  it('ignores its own published query coming back', async () => {
    const { actor, answer, requests, publishedQueries } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'SEARCH', search: 'van' });
    const [published] = publishedQueries();
    actor.send({ type: 'QUERY.CHANGED', query: published ?? '' });
    expect(requests()).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

describe('permitListMachine answers in order', () => {
  /** A list call whose runs the test resolves in any order, even after the machine dropped them. */
  function startWithManualFetch() {
    const runs: {
      input: PermitListRequest;
      signal: AbortSignal;
      resolve(body: PermitListBody): void;
    }[] = [];
    const machine = permitListMachine.provide({
      actors: {
        fetchPermits: fromPromise<ListAnswer, PermitListRequest>(({ input, signal }) =>
          readPermitListAnswer(
            new Promise<PermitListBody>((resolve) => {
              runs.push({ input, signal, resolve });
            }),
            input.page,
          ),
        ),
      },
      actions: { publishQuery: () => {}, savePermits: () => {} },
    });
    const actor = createActor(machine, { input: { clock: juneNoon } }).start();
    return { actor, runs };
  }

  it('never lets an older answer replace a newer search', async () => {
    const { actor, runs } = startWithManualFetch();
    runs[0]?.resolve({ results: [activePermit], count: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'SEARCH', search: 'f' });
    actor.send({ type: 'SEARCH', search: 'fo' });
    expect(runs.map((run) => run.input.search)).toEqual(['', 'f', 'fo']);
    expect(runs[1]?.signal.aborted).toBe(true);
    expect(runs[2]?.signal.aborted).toBe(false);

    const newer = listedPermit({ id: 9, make: 'Ford' });
    runs[2]?.resolve({ results: [newer], count: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    runs[1]?.resolve({ results: [activePermit, queuedPermit], count: 2 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().context).toMatchObject({ permits: [newer], count: 1 });
  });

  it('waits for the newest request when the older one answers first', async () => {
    const { actor, runs } = startWithManualFetch();
    actor.send({ type: 'REFRESH' });
    expect(runs).toHaveLength(2);
    runs[0]?.resolve(pageWithPending);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.permits).toEqual([]);
    runs[1]?.resolve(pageSettled);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.permits).toEqual((pageSettled as { results: Permit[] }).results);
  });

  it('starts again on a refresh sent while a fetch is under way', () => {
    const { actor, runs } = startWithManualFetch();
    actor.send({ type: 'REFRESH' });
    expect(runs).toHaveLength(2);
    expect(runs[0]?.signal.aborted).toBe(true);
    expect(runs[1]?.input).toEqual(defaultRequest);
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

describe('permitListMachine refresh', () => {
  it('fetches the same filters again on REFRESH', async () => {
    const { actor, answer, requests, publishQuery } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(requests()).toEqual([defaultRequest, defaultRequest]);
    expect(publishQuery).not.toHaveBeenCalled();
  });

  it('refreshes itself after the pending delay while a permit is pending', async () => {
    const { actor, clock, answer, requests } = startPermitList();
    const polling = await answer(pageWithPending);
    expect(polling.value).toEqual({ ready: 'polling' });
    clock.increment(3999);
    expect(requests()).toHaveLength(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(requests()).toEqual([defaultRequest, defaultRequest]);
    const settled = await answer(pageSettled);
    expect(settled.value).toEqual({ ready: 'idle' });
    clock.increment(60_000);
    expect(requests()).toHaveLength(2);
  });

  it('keeps the rows it shows when a refresh answers the same permits, and takes changed ones', async () => {
    const { clock, answer } = startPermitList();
    const shown = (await answer(pageWithPending)).context.permits;
    clock.increment(4000);
    // A fresh answer of equal permits: new objects, the same fields.
    const again = await answer(structuredClone(pageWithPending));
    expect(again.context.permits).toBe(shown);
    clock.increment(4000);
    const settled = await answer(pageSettled);
    expect(settled.context.permits).not.toBe(shown);
    expect(settled.context.permits).toEqual((pageSettled as { results: Permit[] }).results);
  });

  it('names its delay so the app or a test can change it', () => {
    expect(permitListMachine.implementations.delays.pendingRefresh).toBe(4000);
  });

  it.each(['QUEUED', 'CANCEL_PENDING', 'UPDATE_PENDING', 'EXPIRE_PENDING'] as const)(
    'keeps watching a page showing a %s permit',
    async (status) => {
      const { answer } = startPermitList();
      const ready = await answer({ results: [listedPermit({ status })], count: 1 });
      expect(ready.value).toEqual({ ready: 'polling' });
    },
  );

  it.each(['ACTIVE', 'SCHEDULED', 'CANCELLED', 'EXPIRED', 'FAILED', 'UPDATE_FAILED'] as const)(
    'does not watch a page whose permits are %s',
    async (status) => {
      const { answer } = startPermitList();
      const ready = await answer({ results: [listedPermit({ status })], count: 1 });
      expect(ready.value).toEqual({ ready: 'idle' });
    },
  );

  it('stops while the page is hidden and looks again once it is visible', async () => {
    const { actor, clock, answer, requests } = startPermitList();
    await answer(pageWithPending);
    actor.send({ type: 'VISIBILITY.HIDDEN' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.visible).toBe(false);
    clock.increment(60_000);
    expect(requests()).toHaveLength(1);
    actor.send({ type: 'VISIBILITY.VISIBLE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'polling' });
    clock.increment(4000);
    expect(requests()).toHaveLength(2);
  });

  it('does not watch when it starts on a hidden page', async () => {
    const { clock, answer, requests } = startPermitList({ visible: false });
    const ready = await answer(pageWithPending);
    expect(ready.value).toEqual({ ready: 'idle' });
    clock.increment(60_000);
    expect(requests()).toHaveLength(1);
  });

  it('does not restart the delay when told the page is visible again while watching', async () => {
    const { actor, clock, answer, requests } = startPermitList();
    await answer(pageWithPending);
    clock.increment(3000);
    actor.send({ type: 'VISIBILITY.VISIBLE' });
    clock.increment(1000);
    expect(requests()).toHaveLength(2);
  });

  it('keeps watching the rows it shows when a refresh fails', async () => {
    const { actor, clock, answer, fail, requests } = startPermitList();
    await answer(pageWithPending);
    clock.increment(4000);
    const failed = await fail({ status: 503 });
    expect(failed.value).toEqual({ ready: 'polling' });
    expect(failed.context).toMatchObject({ permits: [queuedPermit, activePermit] });
    clock.increment(4000);
    expect(requests()).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('stops watching when the resident changes the filters', async () => {
    const { actor, clock, answer, requests } = startPermitList();
    await answer(pageWithPending);
    actor.send({ type: 'SEARCH', search: 'van' });
    clock.increment(4000);
    expect(requests()).toHaveLength(2);
  });
});

const settledRows = (pageSettled as { results: Permit[] }).results;

/** The default filters on 1 June 2026 as a saved list records them: its dates written out. */
const juneFirstQuery = 'end_date=2026-06-01T23%3A59&start_date=2026-06-01T00%3A00';

/** Page 1 of the default filters as saved at 09:15 London time on 1 June 2026. */
const savedAtQuarterPastNine: SavedPermitList = {
  query: juneFirstQuery,
  permits: [activePermit],
  count: 1,
  page: 1,
  loadedAt: '2026-06-01T08:15:00.000Z',
};

describe('permitListMachine without a connection', () => {
  it('keeps the rows and the time they were loaded when the connection goes', async () => {
    const { actor, answer, fail } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'CONNECTION.LOST' });
    actor.send({ type: 'REFRESH' });
    const failed = await fail({ body: undefined });
    expect(failed.context).toMatchObject({
      online: false,
      permits: settledRows,
      count: 45,
      shownAsOf: '2026-06-01T11:00:00.000Z',
    });
  });

  it('stops refreshing pending rows offline, and fetches again when the connection is back', async () => {
    const { actor, clock, answer, requests } = startPermitList();
    await answer(pageWithPending);
    actor.send({ type: 'CONNECTION.LOST' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    clock.increment(8000);
    expect(requests()).toHaveLength(1);

    actor.send({ type: 'CONNECTION.BACK' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(requests()).toHaveLength(2);
    const refreshed = await answer(pageSettled);
    expect(refreshed.context).toMatchObject({ online: true, permits: settledRows });
  });

  it('does not watch pending rows when it starts offline', async () => {
    const { clock, answer, requests } = startPermitList({ online: false });
    const shown = await answer(pageWithPending);
    expect(shown.value).toEqual({ ready: 'idle' });
    clock.increment(8000);
    expect(requests()).toHaveLength(1);
  });

  it('hands every page the host answers to savePermits, with its filters and time', async () => {
    const { actor, answer, savePermits } = startPermitList();
    await answer(pageSettled);
    actor.send({ type: 'SEARCH', search: 'ford' });
    await answer({ results: [activePermit], count: 1 });
    expect(savePermits.mock.calls.map(([saved]) => saved)).toEqual([
      {
        query: juneFirstQuery,
        permits: settledRows,
        count: 45,
        page: 1,
        loadedAt: '2026-06-01T11:00:00.000Z',
      },
      {
        query: 'end_date=2026-06-01T23%3A59&search=ford&start_date=2026-06-01T00%3A00',
        permits: [activePermit],
        count: 1,
        page: 1,
        loadedAt: '2026-06-01T11:00:00.000Z',
      },
    ]);
  });

  it('saves nothing when a fetch fails or the page is gone', async () => {
    const { actor, controls, fail, requests, savePermits } = startPermitList({
      filters: { ...defaultFilters, page: 2 },
    });
    void answerListCall(controls, Promise.resolve(plainList(20)));
    await waitFor(actor, () => requests().length === 2);
    await fail({ status: 500 });
    expect(savePermits).not.toHaveBeenCalled();
  });

  it('shows the saved list of the same filters at once, and keeps it when the fetch fails', async () => {
    const { actor, fail } = startPermitList({ saved: savedAtQuarterPastNine, online: false });
    expect(actor.getSnapshot().context).toMatchObject({
      hasFetched: true,
      permits: [activePermit],
      count: 1,
      shownAsOf: '2026-06-01T08:15:00.000Z',
    });
    const failed = await fail(new TypeError('Failed to fetch'));
    expect(failed.context).toMatchObject({
      permits: [activePermit],
      shownAsOf: '2026-06-01T08:15:00.000Z',
      lastFetchFailed: true,
    });
  });

  it("ignores a list saved for an earlier day's today, and shows it for that day's dates", () => {
    const savedOnMonday: SavedPermitList = {
      query: 'end_date=2026-05-30T23%3A59&start_date=2026-05-30T00%3A00',
      permits: [activePermit],
      count: 1,
      page: 1,
      loadedAt: '2026-05-30T08:15:00.000Z',
    };
    const today = startPermitList({ saved: savedOnMonday, online: false });
    const thatDay = startPermitList({
      saved: savedOnMonday,
      online: false,
      filters: { ...defaultFilters, startDate: '2026-05-30T00:00', endDate: '2026-05-30T23:59' },
    });

    expect(today.actor.getSnapshot().context).toMatchObject({ hasFetched: false, permits: [] });
    expect(thatDay.actor.getSnapshot().context).toMatchObject({
      hasFetched: true,
      permits: [activePermit],
      shownAsOf: '2026-05-30T08:15:00.000Z',
    });
  });

  it('ignores a saved list of other filters', () => {
    const { actor } = startPermitList({
      saved: { ...savedAtQuarterPastNine, query: 'search=van' },
    });
    expect(actor.getSnapshot().context).toMatchObject({
      hasFetched: false,
      permits: [],
      shownAsOf: null,
    });
  });
});

describe('permitListMachine placeholders', () => {
  it('names the savePermits action the app must provide', async () => {
    const controls = createActorControls();
    const actor = createActor(withControlledPermitListActors(permitListMachine, controls), {
      input: { clock: juneNoon },
    });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await answerListCall(controls, Promise.resolve(pageSettled));
    expect(errors).toEqual([
      new Error('permitListMachine: the app must provide the "savePermits" action'),
    ]);
  });

  it('names the publishQuery action the app must provide', async () => {
    const controls = createActorControls();
    const machine = withControlledPermitListActors(permitListMachine, controls).provide({
      actions: { savePermits: () => undefined },
    });
    const actor = createActor(machine, { input: { clock: juneNoon } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await answerListCall(controls, Promise.resolve(pageSettled));
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'SEARCH', search: 'van' });
    expect(errors).toEqual([
      new Error('permitListMachine: the app must provide the "publishQuery" action'),
    ]);
  });
});
