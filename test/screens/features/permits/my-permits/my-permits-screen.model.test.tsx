import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { assign, createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import {
  fromListSearchParams,
  toPermitListRequest,
  type PermitListFilterChanges,
  type PermitListFilters,
} from '../../../../../machines/permits/my-permits/permit-list-filters';
import { permitListMachine } from '../../../../../machines/permits/my-permits/permit-list-machine';
import { permitStatusTable } from '../../../../../machines/permits/rules/permit-status-table';
import { permitStatuses, type PermitStatus } from '../../../../../contract/permit-status';
import type { Permit } from '../../../../../contract/permit';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { MyPermitsScreen } from '../../../../../src/features/permits/my-permits/my-permits-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import {
  createMachineTestModel,
  describePath,
  runModelPath,
  type MachinePath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../../../machines/model-path-tests';
import {
  permitListEventSamples,
  permitListModelInput,
  withControlledPermitListActors,
} from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import { router, RouterProbe } from '../../../../support/router-probe';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';
import {
  dateTimePartOrder,
  toDateTimeValue,
  type DateTimeParts,
} from '../../../../../machines/permits/rules/date-time-parts';
import { screenPathsOf } from '../../../screen-model-paths';
import { pathsCovering } from '../../../../../machines/flow-models/transition-coverage';

// The fixed clock of permitListModelInput, here and on the screen: with the real one, each offline
// list is shown "as of" a new instant and the walk never ends.
const allPaths = createMachineTestModel(permitListMachine, {
  eventSamples: permitListEventSamples,
  coverage: 'states',
}).getShortestPaths({ input: permitListModelInput });

/**
 * What the results part of the screen shows in a state, as the checks below branch on it: which
 * state, whether a first answer came, online or not, whether the last fetch failed, whether there
 * are rows; and which rows, of how many, on which page. The filters panel shows the filters as
 * they are, in every state alike.
 */
function resultsShown(state: AnyMachineSnapshot): string[] {
  const { hasFetched, lastFetchFailed, online, permits, count, permitsPage } = state.context as {
    hasFetched: boolean;
    lastFetchFailed: boolean;
    online: boolean;
    permits: Permit[];
    count: number;
    permitsPage: number;
  };
  const rows = permits.map((permit) => `${permit.id} ${permit.status}`);
  return [
    `branch ${JSON.stringify([state.value, hasFetched, online, lastFetchFailed, rows.length === 0])}`,
    `rows ${JSON.stringify([rows, count, permitsPage])}`,
  ];
}

/** What a step shows and what led to it: the keys the screen's paths must cover. */
const stepKeys = (path: MachinePath) =>
  path.steps.flatMap(({ event, state }) => [
    ...resultsShown(state),
    `event ${JSON.stringify(event)}`,
  ]);

/**
 * Each path renders the whole screen, and the 384 shortest paths to every state and context would
 * take many minutes: most differ only in which statuses or search the filters hold, which the
 * filters panel shows the same way in every state. The screen plays a few docs paths that
 * together take every transition (screen-model-paths.ts: with a page gone after Next and after a
 * URL), then the fewest paths to every state that show each branch of the results and each set of
 * rows those have not shown, and walk each gesture and kind of answer they have not walked (the
 * first test below checks it); and the tab's visibility mattering, which no path to a state
 * shows.
 */
const coverPaths = screenPathsOf('permitList');
const coverKeys = new Set(coverPaths.flatMap(stepKeys));
const paths = [
  ...coverPaths,
  ...pathsCovering(allPaths, (path) => stepKeys(path).filter((key) => !coverKeys.has(key))),
  tabShownAgain(),
];

/**
 * No docs path shows the tab's visibility mattering: the tab is hidden while a pending row comes
 * (the list waits; the check of a waiting list below lets four seconds pass), then shown again,
 * and four seconds later the list refreshes itself.
 */
function tabShownAgain(): MachinePath {
  const pendingAnswer = permitListEventSamples.find(
    (sample) =>
      sample.type === 'xstate.done.actor.fetchPermits' &&
      (sample.output as { permits?: Permit[] }).permits?.some(
        (permit) => permit.status === 'QUEUED',
      ),
  )!;
  const [path] = createMachineTestModel(permitListMachine, {
    eventSamples: permitListEventSamples,
  }).getPathsFromEvents(
    [
      { type: 'VISIBILITY.HIDDEN' },
      pendingAnswer,
      { type: 'VISIBILITY.VISIBLE' },
      { type: 'xstate.after.pendingRefresh.permitList.ready.polling' },
    ],
    // The graph starts these paths from the machine's snapshot without its input: given here.
    { fromState: createActor(permitListMachine, { input: permitListModelInput }).getSnapshot() },
  );
  return path!;
}

const site: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

function statusSummary(statuses: readonly PermitStatus[]): string {
  if (statuses.length === 12) return 'All';
  if (statuses.length === 0) return 'None';
  return `${statuses.length} selected`;
}

/** How long a page with a pending row waits before it refreshes itself. */
function pendingRefresh(machine: typeof permitListMachine): number {
  const ms: unknown = machine.implementations.delays.pendingRefresh;
  if (typeof ms !== 'number') throw new Error('pendingRefresh is not a fixed number');
  return ms;
}

/** Ticks exactly `wanted` in the status filter, as a resident would, from whatever is ticked. */
async function chooseStatuses(user: UserEvent, wanted: readonly PermitStatus[]) {
  const toggle = screen.getByRole('button', { name: /^Status:/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  const group = screen.getByRole('group', { name: 'Statuses shown' });
  const box = (status: PermitStatus) =>
    within(group).getByRole<HTMLInputElement>('checkbox', {
      name: permitStatusTable[status].label,
    });
  // Ticks first, then unticks: passing through "no status" would empty the list on the way.
  for (const status of wanted) if (!box(status).checked) await user.click(box(status));
  for (const status of permitStatuses) {
    if (box(status).checked && !wanted.includes(status)) await user.click(box(status));
  }
}

/**
 * Plays a path on the rendered My Permits screen: each event is the resident's gesture (ticking
 * statuses, searching, a page button, Reset), the browser's (a new URL, the refresh flag, the tab
 * hidden or shown), or the fake API answering; each state is checked by what the resident sees
 * and by the URL and the request under way.
 */
function screenDriver(machine: typeof permitListMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const provided = withControlledPermitListActors(machine, controls);
  let hidden = false;
  jest.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
  let user: UserEvent;

  const setVisibility = (isHidden: boolean) => {
    hidden = isHidden;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };

  return {
    async start() {
      ({ user } = renderWithProviders(
        <>
          <RouterProbe />
          <MyPermitsScreen />
        </>,
        {
          route: '/my-permits',
          session: { status: 'signed_in', profile: residentProfile },
          machines: { permitList: provided },
          siteSettings: site,
          clock: permitListModelInput.clock,
        },
      ));
      await screen.findByRole('button', { name: 'Reset' });
    },
    async send(event: AnyEventObject) {
      switch (event.type) {
        case 'FILTERS.CHANGE':
          return chooseStatuses(user, (event.changes as PermitListFilterChanges).statuses ?? []);
        case 'SEARCH': {
          const search = screen.getByRole('searchbox', { name: 'Search permits' });
          await user.clear(search);
          return user.type(search, `${String(event.search)}{Enter}`);
        }
        case 'PAGE.GO': {
          // With no such page there is no button: the model ignores the event too.
          const button = screen.queryByRole('button', { name: `Page ${String(event.page)}` });
          if (button) await user.click(button);
          return;
        }
        case 'RESET':
          return user.click(screen.getByRole('button', { name: 'Reset' }));
        case 'QUERY.CHANGED':
          return act(async () => router.navigate(`/my-permits?${String(event.query)}`));
        case 'REFRESH':
          return act(async () =>
            router.navigate({ search: router.location.search }, { state: { refresh: true } }),
          );
        case 'VISIBILITY.HIDDEN':
          return setVisibility(true);
        case 'VISIBILITY.VISIBLE':
          return setVisibility(false);
        case 'CONNECTION.LOST':
          return act(() => void window.dispatchEvent(new Event('offline')));
        case 'CONNECTION.BACK':
          return act(() => void window.dispatchEvent(new Event('online')));
        default:
          throw new Error(`The screen driver has no gesture for "${event.type}"`);
      }
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    async elapse(delay) {
      if (delay !== 'pendingRefresh') throw new Error(`My Permits has no delay "${delay}"`);
      await act(async () => jest.advanceTimersByTime(pendingRefresh(machine)));
    },
    async expectState(state) {
      const filters = state.context.filters as PermitListFilters;
      const permits = state.context.permits as Permit[];
      const count = state.context.count as number;
      const page = state.context.permitsPage as number;
      const loading = state.matches('loading');

      // The URL names the filters shown, and the request under way asks for exactly those.
      expect(
        fromListSearchParams(
          new URLSearchParams(router.location.search),
          permitListModelInput.clock,
        ),
      ).toEqual(filters);
      expect(controls.isRunning('fetchPermits')).toBe(loading);
      // A list with no pending row shown, or hidden, or offline, does not refresh itself: four
      // seconds on, nothing was asked for.
      if (state.matches({ ready: 'idle' })) {
        await act(async () => jest.advanceTimersByTime(pendingRefresh(machine)));
        expect(controls.isRunning('fetchPermits')).toBe(false);
      }
      if (loading) {
        expect(controls.inputs('fetchPermits').at(-1)).toEqual(toPermitListRequest(filters));
      }

      expect(
        screen.getByRole('button', { name: `Status: ${statusSummary(filters.statuses)}` }),
      ).toBeInTheDocument();
      // The date inputs come in a chunk of their own; their boxes are read in the order shown
      // (Day, Month, Year, Hour, Minute), as role queries for each of ten boxes at every state
      // would take longer than a path may.
      await screen.findByLabelText('Created from', { selector: 'fieldset' });
      expect(boxesShown('Created from')).toBe(filters.startDate);
      expect(boxesShown('Created to')).toBe(filters.endDate);
      expect(screen.getByRole('searchbox', { name: 'Search permits' })).toHaveValue(filters.search);
      // The offline banner grows in and out (src/ui/banner-presence.tsx).
      const offlineBanner = /^You’re offline — /;
      if (state.context.online) {
        await waitFor(() => expect(screen.queryByText(offlineBanner)).not.toBeInTheDocument());
      } else {
        expect(await screen.findByText(offlineBanner)).toBeInTheDocument();
      }

      if (!state.context.hasFetched) {
        expect(await screen.findByRole('status', { name: 'Loading permits' })).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'Results' })).not.toBeInTheDocument();
        return;
      }
      const results = await screen.findByRole('region', { name: 'Results' });
      expect(results).toHaveAttribute('aria-busy', String(loading));
      expect(screen.queryByRole('status', { name: 'Loading permits' })).not.toBeInTheDocument();

      const failedNote = within(results).queryByText('The list could not be brought up to date.');
      // Offline, the offline banner says why the rows are not up to date.
      if (state.context.lastFetchFailed && state.context.online) {
        expect(failedNote).toBeInTheDocument();
      } else {
        expect(failedNote).not.toBeInTheDocument();
      }

      const emptyText = within(results).queryByText('No permits found matching your criteria.');
      if (permits.length === 0) {
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
        if (state.context.lastFetchFailed) expect(emptyText).not.toBeInTheDocument();
        else expect(emptyText).toBeInTheDocument();
        return;
      }
      expect(emptyText).not.toBeInTheDocument();
      const registrations = permits.map((permit) => permit.vrm);
      const table = within(results).getByRole('table', { name: 'Permits' });
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
      ).toEqual(registrations);
      // The wide screen's table only: the phone's cards are not rendered beside it.
      expect(within(results).queryByRole('list', { name: 'Permits' })).not.toBeInTheDocument();
      const pages = Math.ceil(count / 20);
      const first = (page - 1) * 20 + 1;
      expect(within(results).getByText(exactly(`Page ${page} of ${pages}`))).toBeInTheDocument();
      expect(
        within(results).getByText(
          exactly(`showing ${first}-${Math.min(page * 20, count)} of ${count}`),
        ),
      ).toBeInTheDocument();
    },
  };
}

// The self-refresh waits four seconds on Jest's clock, so a path's wait is exact. Chakra's
// popovers start listening in a microtask, which must stay real.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask'] }));
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** What a date input's boxes hold, as the filter value they write ('' when all are empty). */
function boxesShown(legend: string): string {
  // The fieldset is named by its legend; its five boxes in the order shown.
  const boxes = within(screen.getByLabelText(legend, { selector: 'fieldset' })).getAllByRole(
    'textbox',
  ) as HTMLInputElement[];
  const parts = Object.fromEntries(
    dateTimePartOrder.map((part, index) => [part, boxes[index]?.value ?? '']),
  ) as unknown as DateTimeParts;
  return toDateTimeValue(parts);
}

describe('the My Permits screen follows the permit-list machine', () => {
  it('shows what the paths to every state show, and walks every gesture and answer they walk', () => {
    const keysOf = (played: MachinePath[]) => [...new Set(played.flatMap(stepKeys))].sort();
    expect(keysOf(paths)).toEqual(expect.arrayContaining(keysOf(allPaths)));
  });

  testEveryModelPath(permitListMachine, paths, () => screenDriver(permitListMachine));

  // A failed fetch taken for an empty answer, the rows gone: these paths must then fail (the first
  // three of them: each plays on the rendered screen).
  const throughFailure = paths.filter((path) =>
    path.steps.some(
      ({ event, state }) =>
        event.type.startsWith('xstate.') &&
        state.context.lastFetchFailed === true &&
        (state.context.permits as Permit[]).length > 0,
    ),
  );

  it('has paths through a failed fetch that keeps rows', () => {
    expect(throughFailure.length).toBeGreaterThan(0);
  });

  it.each(throughFailure.slice(0, 3).map((path) => [describePath(path), path] as const))(
    'catches a screen that drops its rows when a fetch fails, on the path to %s',
    async (_, path) => {
      const broken = permitListMachine.provide({
        actions: {
          noteFetchFailed: assign({ hasFetched: true, lastFetchFailed: true, permits: [] }),
        },
      });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow();
    },
  );
});
