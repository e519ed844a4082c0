import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { cancelPermitMachine } from '../../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import { permitListMachine } from '../../../../../machines/permits/my-permits/permit-list-machine';
import { permitStatuses, type PermitStatus } from '../../../../../contract/permit-status';
import type { Permit, PermitListBody, PermitListRequest } from '../../../../../contract/permit';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { updatePermitMachine } from '../../../../../machines/permits/permit-dialogs/update-permit-machine';
import { MyPermitsScreen } from '../../../../../src/features/permits/my-permits/my-permits-screen';
import type { MachineOverrides } from '../../../../../src/shell/app-machines';
import {
  createActorControls,
  type ActorControls,
} from '../../../../../machines/flow-models/actor-controls';
import {
  withControlledPermitActionActors,
  withControlledUpdatePermitActors,
} from '../../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import {
  activePermit,
  listedPermit,
  pageSettled,
  pageWithPending,
  queuedPermit,
  answerListCall,
  withControlledPermitListActors,
} from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import { emulateViewportWidth, preferReducedMotion } from '../../../../support/media-preferences';
import { axeViolations } from '../../../../support/jsdom-axe';
import { router, RouterProbe } from '../../../../support/router-probe';
import { dateTimeBox, dateTimeShown, typeDateTime } from '../../../../support/date-time-boxes';
import { expectErrorSummary } from '../../../../support/error-summary';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';

/** 1 June 2026, 12:00:30 in London: the default filters are 01/06/2026 00:00 to 23:59. */
const now = new Date('2026-06-01T11:00:30Z');
const clock = () => now;

const schedulingSite: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};
const plainSite: SiteSettings = { ...schedulingSite, can_schedule_permits: false };
const automaticEndSite: SiteSettings = { ...plainSite, default_end_date_limit_hours: 24 };

// Their order and number are asserted in test/machines/permits/my-permits/permit-list-filters.test.ts.
const allStatuses: PermitStatus[] = [...permitStatuses];

/** The request the list makes with the default filters, for `page`. */
function defaultRequest(changes: Partial<PermitListRequest> = {}): PermitListRequest {
  return {
    status: allStatuses,
    start_date: '2026-06-01T00:00',
    end_date: '2026-06-01T23:59',
    search: '',
    page: 1,
    ...changes,
  };
}

/** `count` permits in all; the page holds those numbered from `first`. */
function pageOf(count: number, page: number): PermitListBody {
  const first = (page - 1) * 20 + 1;
  const last = Math.min(page * 20, count);
  const results = Array.from({ length: last - first + 1 }, (_, index) =>
    listedPermit({ id: first + index, vrm: `PG${String(first + index).padStart(2, '0')} ABC` }),
  );
  return { results, count };
}

interface ScreenOptions {
  route?: string;
  settings?: SiteSettings | Error;
  pendingRefreshMs?: number;
  /** The dialogs' machines with fake side effects, by name. */
  dialogMachines?: Pick<MachineOverrides, 'activatePermit' | 'cancelPermit' | 'updatePermit'>;
}

function renderScreen({
  route = '/my-permits',
  settings = schedulingSite,
  pendingRefreshMs,
  dialogMachines,
}: ScreenOptions = {}) {
  const controls = createActorControls();
  const controlled = withControlledPermitListActors(permitListMachine, controls);
  const machine =
    pendingRefreshMs === undefined
      ? controlled
      : controlled.provide({ delays: { pendingRefresh: pendingRefreshMs } });
  // In a <main>, as the app's layout places every screen.
  const view = renderWithProviders(
    <main>
      <RouterProbe />
      <Routes>
        <Route path="/my-permits" element={<MyPermitsScreen />} />
        <Route path="/add-permit" element={<h1>Add New Permit</h1>} />
      </Routes>
    </main>,
    {
      route,
      session: { status: 'signed_in', profile: residentProfile },
      machines: { permitList: machine, ...dialogMachines },
      clock,
      siteSettings: settings instanceof Error ? Promise.reject(settings) : settings,
    },
  );
  return { ...view, controls };
}

/** The API host answers the list call under way with `body`. */
async function answer(controls: ActorControls, body: unknown) {
  await act(async () => answerListCall(controls, Promise.resolve(body)));
}

function requests(controls: ActorControls): PermitListRequest[] {
  return controls.inputs('fetchPermits') as PermitListRequest[];
}

const table = () => screen.getByRole('table', { name: 'Permits' });
const cards = () => screen.getByRole('list', { name: 'Permits' });
/** A creation-date filter: a date input, whose legend names its group of boxes (its own chunk). */
const createdDate = (name: string) => screen.findByRole('group', { name });

/** The permit registered `registration`: its table row, or its card on a phone. */
function rowOf(registration: string): HTMLElement {
  const rows = screen.queryByRole('table', { name: 'Permits' })
    ? within(table()).getAllByRole('row')
    : within(cards()).getAllByRole('listitem');
  const row = rows.find((candidate) => within(candidate).queryByText(registration));
  if (!row) throw new Error(`No row or card for ${registration}`);
  return row;
}

/**
 * The two layouts of the list: the table on wide screens, one card a permit on a phone (only the
 * one the screen's width asks for is rendered). `rows` finds what each shows of a page of permits.
 */
const layouts = [
  {
    layout: 'the table on a wide screen',
    width: null,
    shown: () => screen.findByRole('table', { name: 'Permits' }),
    rows: () => within(table()).getAllByRole('row').slice(1),
  },
  {
    layout: 'the cards on a phone',
    width: 390,
    shown: () => screen.findByRole('list', { name: 'Permits' }),
    rows: () => within(cards()).getAllByRole('listitem'),
  },
] as const;

function buttonTexts(container: HTMLElement): string[] {
  return within(container)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

test('shows the heading, the way to add a permit and a spinner until the list answers', async () => {
  const { controls } = renderScreen();

  expect(screen.getByRole('heading', { level: 1, name: 'My Permits' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Permit' })).toHaveAttribute('href', '/add-permit');
  expect(screen.getByRole('status', { name: 'Loading permits' })).toBeInTheDocument();
  expect(requests(controls)).toEqual([defaultRequest()]);

  await answer(controls, { results: [listedPermit()], count: 1 });

  expect(await screen.findByRole('table', { name: 'Permits' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading permits' })).not.toBeInTheDocument();
});

test('keeps the spinner until the site settings have answered, and goes on when they fail', async () => {
  const { controls } = renderScreen({ settings: new Error('Network Error') });
  await answer(controls, { results: [listedPermit({ status: 'SCHEDULED' })], count: 1 });
  await screen.findByRole('table', { name: 'Permits' });

  // The fallback settings cannot schedule: a scheduled permit may be updated and cancelled.
  const row = rowOf('AB12CDE');
  expect(buttonTexts(row)).toEqual([
    'Update permit AB12CDE',
    'Cancel permit AB12CDE',
    'Add to calendar permit AB12CDE',
    'Add again permit AB12CDE',
  ]);
});

describe.each(layouts)('$layout', ({ width, shown, rows }) => {
  beforeEach(() => emulateViewportWidth(width));
  afterEach(() => act(() => emulateViewportWidth(null)));

  test('shows each permit with the texts the spec gives, and no other layout', async () => {
    const { controls } = renderScreen();
    await answer(controls, {
      results: [
        listedPermit({ id: 1, vrm: 'ab12 cde', colour: '', reference_no: '' }),
        listedPermit({
          id: 2,
          vrm: 'CD34EFG',
          driver_first: '',
          driver_last: '',
          end_ts: '9999-12-01T00:00:00Z',
        }),
      ],
      count: 2,
    });

    const list = await shown();
    const first = rowOf('AB12 CDE');
    expect(within(first).getByText('Ford / Focus')).toBeInTheDocument();
    expect(within(first).getByText('N/A')).toBeInTheDocument();
    expect(within(first).getByText('Sam Jones')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('01/06/2026 12:00')).toBeInTheDocument();
    expect(within(first).getByText('02/06/2026 18:00')).toBeInTheDocument();
    const second = rowOf('CD34EFG');
    expect(within(second).getByText('Ford / Focus / Blue')).toBeInTheDocument();
    expect(within(second).getByText('PLUMBER')).toBeInTheDocument();
    expect(within(second).getByText('No driver')).toBeInTheDocument();
    expect(within(second).getByText('Indefinite')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    // Each permit is rendered once: the other layout is not on the page, hidden or not.
    expect(screen.getAllByText('CD34EFG')).toHaveLength(1);
    expect(list).toBeVisible();
  });

  /** docs/contract.md §2 and §6: the buttons of each status's row, per kind of site. */
  const expectedButtons: {
    site: string;
    settings: SiteSettings;
    scheduled: string[];
  }[] = [
    {
      site: 'scheduling on, resident picks the end',
      settings: schedulingSite,
      scheduled: ['Update', 'Set Live Now', 'Cancel'],
    },
    {
      site: 'scheduling off, resident picks the end',
      settings: plainSite,
      scheduled: ['Update', 'Cancel'],
    },
    {
      site: 'scheduling off, automatic end',
      settings: automaticEndSite,
      scheduled: ['Cancel'],
    },
    {
      site: 'scheduling on, automatic end',
      settings: { ...schedulingSite, default_end_date_limit_hours: 24 },
      scheduled: ['Update', 'Set Live Now', 'Cancel'],
    },
  ];

  /** Status, badge label, and buttons other than a SCHEDULED permit's. */
  const statusRows: [PermitStatus, string, string[]][] = [
    ['ACTIVE', 'Active', ['Cancel']],
    ['SCHEDULED', 'Scheduled', []],
    ['QUEUED', 'Queued', ['Cancel']],
    ['CANCEL_PENDING', 'Cancelling…', []],
    ['CANCELLED', 'Cancelled', []],
    ['CANCEL_FAILED', 'Cancel failed', []],
    ['UPDATE_PENDING', 'Updating…', ['Cancel']],
    ['UPDATE_FAILED', 'Update Failed', ['Cancel']],
    ['EXPIRE_PENDING', 'Expiring…', []],
    ['EXPIRED', 'Expired', []],
    ['FAILED', 'Failed', []],
    ['FAILED_LIMIT', 'Failed - Limit Exceeded', []],
  ];

  test.each(expectedButtons)(
    'offers each status its buttons ($site)',
    async ({ settings, scheduled }) => {
      const { controls } = renderScreen({ settings });
      await answer(controls, {
        results: statusRows.map(([status], index) =>
          listedPermit({ id: index + 1, vrm: `ST${String(index + 1).padStart(2, '0')}`, status }),
        ),
        count: 12,
      });
      await shown();

      statusRows.forEach(([status, label, buttons], index) => {
        const registration = `ST${String(index + 1).padStart(2, '0')}`;
        const offered = status === 'SCHEDULED' ? scheduled : buttons;
        const container = rowOf(registration);
        expect(within(container).getByText(exactly(label))).toBeInTheDocument();
        expect(buttonTexts(container)).toEqual(
          [...offered, 'Add to calendar', 'Add again'].map(
            (text) => `${text} permit ${registration}`,
          ),
        );
        for (const button of within(container).queryAllByRole('button')) {
          expect(button).toHaveAccessibleName(button.textContent ?? '');
        }
      });
    },
  );

  test('opens the Cancel dialog from a permit', async () => {
    const { controls, user } = renderScreen();
    await answer(controls, { results: [listedPermit({ status: 'ACTIVE' })], count: 1 });

    await shown();
    await user.click(
      within(rowOf('AB12CDE')).getByRole('button', { name: 'Cancel permit AB12CDE' }),
    );

    expect(await findDialog('alertdialog', 'Cancel Permit')).toBeInTheDocument();
  });
});

test('names each row button by its visible text followed by the registration', async () => {
  const { controls } = renderScreen();
  await answer(controls, { results: [listedPermit({ status: 'SCHEDULED' })], count: 1 });

  const cancel = within(rowOf('AB12CDE')).getByRole('button', { name: 'Cancel permit AB12CDE' });
  expect(cancel).toHaveTextContent(/^Cancel/);
  expect(within(cancel).getByText('permit AB12CDE', { exact: false })).toBeInTheDocument();
});

test('one status, always there, says what a search brought: the page and count, or nothing', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));
  const results = await screen.findByRole('region', { name: 'Results' });
  const status = within(results).getByRole('status');
  expect(status).toHaveTextContent(exactly('Page 1 of 3, showing 1-20 of 45'));

  await user.type(screen.getByRole('searchbox', { name: 'Search permits' }), 'van{Enter}');
  await answer(controls, { results: [], count: 0 });
  await waitFor(() =>
    expect(status).toHaveTextContent(exactly('No permits found matching your criteria.')),
  );

  await user.clear(screen.getByRole('searchbox', { name: 'Search permits' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search permits' }), 'ford{Enter}');
  await answer(controls, pageOf(3, 1));
  await waitFor(() => expect(status).toHaveTextContent(exactly('Page 1 of 1, showing 1-3 of 3')));
  expect(within(results).getByRole('status')).toBe(status);
});

test('shows the empty text when nothing matches', async () => {
  const { controls } = renderScreen();
  await answer(controls, { results: [], count: 0 });

  expect(await screen.findByText('No permits found matching your criteria.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
});

test('pages through 45 permits with the numbered buttons, Previous and Next', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));

  const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(screen.getByText('showing 1-20 of 45')).toBeInTheDocument();
  expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(within(pagination).getByRole('button', { name: 'Page 2' })).not.toHaveAttribute(
    'aria-current',
  );
  expect(within(pagination).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();

  await user.click(within(pagination).getByRole('button', { name: 'Next' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ page: 2 }));
  expect(router.location.search).toBe('?page=2');
  await answer(controls, pageOf(45, 2));

  expect(await screen.findByText('showing 21-40 of 45')).toBeInTheDocument();
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  expect(within(table()).getByText('PG21 ABC')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  await answer(controls, pageOf(45, 3));
  expect(await screen.findByText('showing 41-45 of 45')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ page: 2 }));
});

test('"Next" onto the last page hands the focus to that page\'s button, "Previous" onto the first too', async () => {
  const { controls, user } = renderScreen({ route: '/my-permits?page=2' });
  await answer(controls, pageOf(45, 2));
  await screen.findByText('showing 21-40 of 45');

  await user.click(screen.getByRole('button', { name: 'Next' }));
  await answer(controls, pageOf(45, 3));
  await screen.findByText('showing 41-45 of 45');
  expect(screen.getByRole('button', { name: 'Page 3' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  await answer(controls, pageOf(45, 2));
  await screen.findByText('showing 21-40 of 45');
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await answer(controls, pageOf(45, 1));
  await screen.findByText('showing 1-20 of 45');
  expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
});

test('shows the first, the last and the pages around the current one of a long list', async () => {
  const { controls } = renderScreen({ route: '/my-permits?page=5' });
  await answer(controls, pageOf(200, 5));

  const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
  expect(
    within(pagination)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Previous', 'Page 1', 'Page 4', 'Page 5', 'Page 6', 'Page 10', 'Next']);
  expect(screen.getByText('Page 5 of 10')).toBeInTheDocument();
  expect(screen.getByText('showing 81-100 of 200')).toBeInTheDocument();
});

/** Opens the status disclosure. */
async function openStatuses(user: UserEvent) {
  const toggle = screen.getByRole('button', { name: /^Status:/ });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('group', { name: 'Statuses shown' });
}

test('filters by status, and Select All / Deselect All choose every status or none', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));
  await screen.findByRole('table', { name: 'Permits' });

  expect(screen.getByRole('button', { name: 'Status: All' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  const statuses = await openStatuses(user);
  expect(within(statuses).getAllByRole('checkbox')).toHaveLength(12);
  expect(within(statuses).getByRole('checkbox', { name: 'Cancelling…' })).toBeChecked();

  await user.click(within(statuses).getByRole('checkbox', { name: 'Cancelled' }));
  expect(requests(controls).at(-1)).toEqual(
    defaultRequest({ status: allStatuses.filter((status) => status !== 'CANCELLED') }),
  );
  expect(screen.getByRole('button', { name: 'Status: 11 selected' })).toBeInTheDocument();
  expect(within(statuses).getByRole('button', { name: 'Select All' })).toBeInTheDocument();

  await user.click(within(statuses).getByRole('button', { name: 'Select All' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest());
  expect(router.location.search).toBe('');

  const asked = requests(controls).length;
  await user.click(within(statuses).getByRole('button', { name: 'Deselect All' }));
  // Nothing can match no status: no request, and the empty text.
  expect(requests(controls)).toHaveLength(asked);
  expect(screen.getByText('No permits found matching your criteria.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Status: None' })).toBeInTheDocument();
  for (const checkbox of within(statuses).getAllByRole('checkbox')) {
    expect(checkbox).not.toBeChecked();
  }

  await user.click(within(statuses).getByRole('checkbox', { name: 'Queued' }));
  await user.click(within(statuses).getByRole('checkbox', { name: 'Active' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ status: ['ACTIVE', 'QUEUED'] }));
  expect(router.location.search).toBe('?status=ACTIVE&status=QUEUED');
});

test('filters by creation date once a date is left or Enter is pressed', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));

  const from = await createdDate('Created from');
  const to = await createdDate('Created to');
  // Day, Month, Year, Hour, Minute: the UK order in every browser's language.
  expect(dateTimeShown(from)).toBe('2026-06-01T00:00');
  expect(dateTimeBox(from, 'day')).toHaveValue('01');
  expect(dateTimeBox(from, 'month')).toHaveValue('06');
  expect(from).toHaveAccessibleDescription(
    expect.stringContaining('Monday 1 June 2026, 00:00 UK time (BST).'),
  );
  expect(dateTimeShown(to)).toBe('2026-06-01T23:59');

  // typeDateTime leaves the input when it has typed the date.
  await typeDateTime(user, from, '2026-05-01T08:00');
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ start_date: '2026-05-01T08:00' }));

  await user.clear(dateTimeBox(to, 'day'));
  await user.type(dateTimeBox(to, 'day'), '31');
  await user.clear(dateTimeBox(to, 'month'));
  await user.type(dateTimeBox(to, 'month'), '05');
  await user.clear(dateTimeBox(to, 'hour'));
  await user.type(dateTimeBox(to, 'hour'), '18');
  await user.clear(dateTimeBox(to, 'minute'));
  await user.type(dateTimeBox(to, 'minute'), '30{Enter}');
  expect(requests(controls).at(-1)).toEqual(
    defaultRequest({ start_date: '2026-05-01T08:00', end_date: '2026-05-31T18:30' }),
  );
  // Enter submits the dates' form, whose rules answer asynchronously.
  await waitFor(() =>
    expect(new URLSearchParams(router.location.search).get('end_date')).toBe('2026-05-31T18:30'),
  );
  // Nine boxes typed key by key: longer than the default on a machine shared with other runs.
}, 60_000);

test('a creation date that names no date is refused on Enter with the error summary, and nothing is asked for', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));
  const from = await createdDate('Created from');

  await user.clear(dateTimeBox(from, 'day'));
  await user.type(dateTimeBox(from, 'day'), '31');
  await user.clear(dateTimeBox(from, 'month'));
  await user.type(dateTimeBox(from, 'month'), '02');
  await user.tab();
  // Leaving it says nothing (GOV.UK validates on submit) and filters by nothing.
  expect(screen.queryByText('Created from must be a real date')).not.toBeInTheDocument();
  await user.type(dateTimeBox(from, 'minute'), '{Enter}');

  const summary = await expectErrorSummary(['Created from must be a real date']);
  expect(summary).toHaveFocus();
  expect(from).toHaveAccessibleDescription(
    expect.stringContaining('Created from must be a real date'),
  );
  expect(requests(controls)).toHaveLength(1);
});

test('a date chosen without leaving the field applies once it has settled', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));
  const to = await createdDate('Created to');

  await user.clear(dateTimeBox(to, 'day'));
  await user.type(dateTimeBox(to, 'day'), '30');
  expect(dateTimeBox(to, 'day')).toHaveFocus();
  expect(requests(controls)).toHaveLength(1);

  await waitFor(() =>
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ end_date: '2026-06-30T23:59' })),
  );
  expect(requests(controls)).toHaveLength(2);
});

test('searches on Enter and on the Search button, trimmed, each search a history entry', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));

  const search = screen.getByRole('searchbox', { name: 'Search permits' });
  await user.type(search, '  ford {Enter}');
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ search: 'ford' }));
  expect(search).toHaveValue('ford');
  await answer(controls, pageOf(3, 1));

  const searchesSoFar = requests(controls).length;
  await user.clear(search);
  await user.type(search, 'plumber');
  expect(requests(controls)).toHaveLength(searchesSoFar);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ search: 'plumber' }));
  expect(router.location.search).toBe('?search=plumber');

  // Back restores the previous search, in the field and in the request.
  await act(async () => router.navigate(-1));
  expect(router.location.search).toBe('?search=ford');
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ search: 'ford' }));
  expect(search).toHaveValue('ford');
});

test('Reset restores the default filters and clears the search', async () => {
  const { controls, user } = renderScreen({
    route: '/my-permits?status=ACTIVE&start_date=2026-05-01T00:00&search=ford&page=2',
  });
  await answer(controls, pageOf(45, 2));

  await user.click(screen.getByRole('button', { name: 'Reset' }));

  expect(requests(controls).at(-1)).toEqual(defaultRequest());
  expect(screen.getByRole('searchbox', { name: 'Search permits' })).toHaveValue('');
  expect(dateTimeShown(await createdDate('Created from'))).toBe('2026-06-01T00:00');
  expect(screen.getByRole('button', { name: 'Status: All' })).toBeInTheDocument();
  expect(router.location.search).toBe('');
});

test('restores the filters and page a link names', async () => {
  const { controls } = renderScreen({ route: '/my-permits?status=ACTIVE&search=ford&page=2' });

  expect(requests(controls)).toEqual([
    defaultRequest({ status: ['ACTIVE'], search: 'ford', page: 2 }),
  ]);
  expect(screen.getByRole('button', { name: 'Status: 1 selected' })).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search permits' })).toHaveValue('ford');

  await answer(controls, pageOf(45, 2));
  expect(await screen.findByText('showing 21-40 of 45')).toBeInTheDocument();
});

test('a link to a page that no longer exists shows the first page instead', async () => {
  const { controls } = renderScreen({ route: '/my-permits?page=9' });
  await act(async () =>
    answerListCall(controls, Promise.reject({ status: 404, body: { detail: 'Invalid page.' } })),
  );

  expect(requests(controls).at(-1)).toEqual(defaultRequest({ page: 1 }));
  expect(router.location.search).toBe('');
});

test('fetches again when navigated to with the refresh flag, and clears the flag', async () => {
  const { controls } = renderScreen();
  await answer(controls, pageOf(3, 1));
  expect(requests(controls)).toHaveLength(1);

  await act(async () => router.navigate('/my-permits', { state: { refresh: true } }));

  expect(requests(controls)).toHaveLength(2);
  expect(router.location.state).toBeNull();
});

test('arriving from Add Permit with the refresh flag fetches once and clears the flag', async () => {
  const { controls } = renderScreen({ route: '/add-permit' });
  await act(async () => router.navigate('/my-permits', { state: { refresh: true } }));

  expect(await screen.findByRole('heading', { name: 'My Permits' })).toBeInTheDocument();
  expect(requests(controls)).toEqual([defaultRequest()]);
  expect(router.location.state).toBeNull();
});

test('a failed fetch keeps the rows shown and says so quietly; Try again fetches again', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, pageOf(45, 1));
  await screen.findByRole('table', { name: 'Permits' });

  await user.click(screen.getByRole('button', { name: 'Next' }));
  await act(async () => answerListCall(controls, Promise.reject({ status: 500 })));

  expect(within(table()).getByText('PG01 ABC')).toBeInTheDocument();
  expect(screen.getByText('showing 1-20 of 45')).toBeInTheDocument();
  expect(screen.getByText('The list could not be brought up to date.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(requests(controls).at(-1)).toEqual(defaultRequest({ page: 2 }));
  await answer(controls, pageOf(45, 2));
  expect(await screen.findByText('showing 21-40 of 45')).toBeInTheDocument();
  expect(screen.queryByText('The list could not be brought up to date.')).not.toBeInTheDocument();
});

test('a first fetch that fails does not claim that nothing matches', async () => {
  const { controls } = renderScreen();
  await answer(controls, { error: 'Service unavailable' });

  expect(await screen.findByText('The list could not be brought up to date.')).toBeInTheDocument();
  expect(screen.queryByText('No permits found matching your criteria.')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('refreshes itself while a permit is pending, and stops once none is', async () => {
  const { controls } = renderScreen({ pendingRefreshMs: 50 });
  await answer(controls, pageWithPending);
  expect(within(table()).getByText('Queued')).toBeInTheDocument();

  await waitFor(() => expect(requests(controls)).toHaveLength(2));
  expect(requests(controls)[1]).toEqual(defaultRequest());
  await answer(controls, pageSettled);

  expect(within(table()).queryByText('Queued')).not.toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(requests(controls)).toHaveLength(2);
});

test('does not refresh itself while the page is hidden, and starts again when shown', async () => {
  const hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
  const { controls } = renderScreen({ pendingRefreshMs: 50 });
  await answer(controls, pageWithPending);

  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(requests(controls)).toHaveLength(1);

  hidden.mockReturnValue(false);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(() => expect(requests(controls)).toHaveLength(2));
  hidden.mockRestore();
});

/** The dialog once it has finished opening: Chakra links its title and text a frame later. */
async function findDialog(role: 'dialog' | 'alertdialog', name: string) {
  const dialog = await screen.findByRole(role, { name });
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return dialog;
}

test.each([
  ['Update', 'dialog', 'Update Scheduled Permit'],
  ['Set Live Now', 'alertdialog', 'Set Permit Live Now'],
  ['Cancel', 'alertdialog', 'Cancel Permit'],
] as const)('opens the %s dialog from the row', async (action, role, title) => {
  const { controls, user } = renderScreen();
  await answer(controls, { results: [listedPermit({ status: 'SCHEDULED' })], count: 1 });

  await user.click(
    within(rowOf('AB12CDE')).getByRole('button', { name: `${action} permit AB12CDE` }),
  );

  expect(await findDialog(role, title)).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole(role)).not.toBeInTheDocument());
});

test('a cancel confirmed in its dialog reloads the list and closes the dialog', async () => {
  const dialogControls = createActorControls();
  const cancel = withControlledPermitActionActors(
    cancelPermitMachine,
    'cancelPermit',
    dialogControls,
  ).provide({ delays: { reloadDelay: 20 } });
  const { controls, user } = renderScreen({ dialogMachines: { cancelPermit: cancel } });
  await answer(controls, { results: [listedPermit({ id: 7, status: 'ACTIVE' })], count: 1 });

  const row = rowOf('AB12CDE');
  await user.click(within(row!).getByRole('button', { name: 'Cancel permit AB12CDE' }));
  const dialog = await findDialog('alertdialog', 'Cancel Permit');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel Permit' }));
  expect(dialogControls.inputs('cancelPermit')).toEqual([{ id: 7 }]);
  await act(async () => dialogControls.resolve('cancelPermit', {}));

  await waitFor(() => expect(requests(controls)).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

test('an update saved in its dialog refreshes the list and closes the dialog', async () => {
  const dialogControls = createActorControls();
  const update = withControlledUpdatePermitActors(updatePermitMachine, dialogControls);
  const { controls, user } = renderScreen({
    settings: plainSite,
    dialogMachines: { updatePermit: update },
  });
  const permit: Permit = listedPermit({
    id: 9,
    status: 'SCHEDULED',
    start_ts: '2026-06-03T08:00:00.000Z',
    end_ts: '2026-06-04T17:30:00.000Z',
  });
  await answer(controls, { results: [permit], count: 1 });

  const row = rowOf('AB12CDE');
  await user.click(within(row!).getByRole('button', { name: 'Update permit AB12CDE' }));
  const dialog = await findDialog('dialog', 'Update Scheduled Permit');
  await user.click(within(dialog).getByRole('checkbox', { name: /Set as Indefinite/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Update Schedule' }));
  await act(async () => dialogControls.resolve('updatePermit', permit));

  await waitFor(() => expect(requests(controls)).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('axe-core finds nothing on the list with rows, its filters open, and a dialog open', async () => {
  const { controls, user } = renderScreen();
  await answer(controls, {
    results: [listedPermit({ status: 'SCHEDULED' }), listedPermit({ id: 2, vrm: 'CD34EFG' })],
    count: 45,
  });
  await screen.findByRole('table', { name: 'Permits' });
  await openStatuses(user);

  expect(await axeViolations()).toEqual([]);

  const row = rowOf('AB12CDE');
  await user.click(within(row!).getByRole('button', { name: 'Cancel permit AB12CDE' }));
  await findDialog('alertdialog', 'Cancel Permit');

  expect(await axeViolations()).toEqual([]);
});

/** The background colour's opacity of the row or card now (0 when it has none). */
function highlightOpacity(container: HTMLElement): number {
  const match = /rgba?\([^)]*?,[^)]*?,[^)]*?(?:,\s*([\d.]+))?\)/.exec(
    container.style.backgroundColor,
  );
  if (!match) return 0;
  return match[1] === undefined ? 1 : Number(match[1]);
}

const nextFrame = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe.each(layouts)('a permit whose status changes by itself, in $layout', ({ width }) => {
  beforeEach(() => emulateViewportWidth(width));
  afterEach(() => {
    preferReducedMotion(false);
    act(() => emulateViewportWidth(null));
  });

  /** The list shows a queued permit, refreshes itself, and the permit has gone live. */
  async function showQueuedThenLive() {
    const { controls } = renderScreen({ pendingRefreshMs: 50 });
    await answer(controls, pageWithPending);
    const row = rowOf('CD34EFG');
    expect(within(row).getByText('Queued')).toBeInTheDocument();
    expect(row).not.toHaveAttribute('data-status-changed');
    await waitFor(() => expect(requests(controls)).toHaveLength(2));
    await answer(controls, pageSettled);
    return rowOf('CD34EFG');
  }

  test('is highlighted and fades in', async () => {
    const row = await showQueuedThenLive();

    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-status-changed', 'true');
    // One frame in, the highlight is on its way, not there yet; then it is there.
    await nextFrame();
    expect(highlightOpacity(row)).toBeLessThan(1);
    await waitFor(() => expect(highlightOpacity(row)).toBe(1));
    // The other permit on the page, whose status did not change, is not highlighted.
    expect(rowOf('EF56GHI')).not.toHaveAttribute('data-status-changed');
  });

  test('under reduced motion is highlighted at once, without a fade, and shows the new status', async () => {
    preferReducedMotion(true);
    const row = await showQueuedThenLive();

    expect(within(row).getByText('Active')).toBeInTheDocument();
    await nextFrame();
    expect(highlightOpacity(row)).toBe(1);
  });
});

/**
 * My Permits with a queued permit whose Cancel button has focus (`then` may move it), refreshing
 * itself; the refresh answers `results`.
 */
async function refreshUnderFocusedCancel(results: Permit[], then?: (cancel: HTMLElement) => void) {
  const { controls } = renderScreen({ pendingRefreshMs: 50 });
  await answer(controls, pageWithPending);
  const cancel = within(rowOf('CD34EFG')).getByRole('button', { name: /^Cancel/ });
  act(() => cancel.focus());
  if (then) {
    act(() => then(cancel));
    // The results note where focus went once the browser has moved it (a microtask).
    await act(() => Promise.resolve());
  }
  await waitFor(() => expect(requests(controls)).toHaveLength(2));
  await answer(controls, { ...pageWithPending, results });
}

const failedThenActive = [{ ...queuedPermit, status: 'FAILED' as const }, activePermit];

describe.each(layouts)('focus when the rows change under it, in $layout', ({ width }) => {
  beforeEach(() => emulateViewportWidth(width));
  afterEach(() => act(() => emulateViewportWidth(null)));

  test('a queued permit that failed loses its Cancel button: focus goes to its row, not the body', async () => {
    await refreshUnderFocusedCancel(failedThenActive);

    const row = rowOf('CD34EFG');
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(row).toHaveFocus();
  });
});

test('a page zoomed to a phone’s width swaps the table for cards: focus stays on the same button', async () => {
  const { controls } = renderScreen();
  await answer(controls, pageWithPending);
  const name = 'Cancel permit CD34EFG';
  act(() => within(table()).getByRole('button', { name }).focus());

  try {
    act(() => emulateViewportWidth(390));

    const cardList = await screen.findByRole('list', { name: 'Permits' });
    expect(within(cardList).getByRole('button', { name })).toHaveFocus();
  } finally {
    act(() => emulateViewportWidth(null));
  }
});

test('a permit gone from the page takes its focused button and row with it: focus goes to the results', async () => {
  await refreshUnderFocusedCancel([activePermit]);

  expect(screen.queryByText('CD34EFG')).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Results' })).toHaveFocus();
});

test('focus the resident took off the button to the page itself stays there when the rows change', async () => {
  // A click on the page's background: focus leaves for nowhere, the button still there.
  await refreshUnderFocusedCancel(failedThenActive, (cancel) => cancel.blur());

  expect(
    within(rowOf('CD34EFG')).queryByRole('button', { name: /^Cancel/ }),
  ).not.toBeInTheDocument();
  expect(document.body).toHaveFocus();
});

test('focus the resident moved out of the results stays where they put it when the rows change', async () => {
  const heading = () => screen.getByRole('heading', { level: 1, name: 'My Permits' });
  await refreshUnderFocusedCancel(failedThenActive, () => {
    heading().setAttribute('tabindex', '-1');
    heading().focus();
  });

  expect(heading()).toHaveFocus();
});

test('a weekly series offers its weeks to the calendar together, from each of its rows', async () => {
  const { controls } = renderScreen();
  const weekly = (id: number, day: string) =>
    listedPermit({ id, vrm: 'KX19ABC', start_ts: `${day}T17:00:00Z`, end_ts: `${day}T19:00:00Z` });
  await answer(controls, {
    results: [weekly(1, '2026-06-02'), weekly(2, '2026-06-09'), weekly(3, '2026-06-16')],
    count: 3,
  });

  await screen.findByRole('table', { name: 'Permits' });
  for (const container of within(table()).getAllByRole('row').slice(1)) {
    expect(
      within(container).getByRole('button', { name: 'Add 3 weeks to calendar permit KX19ABC' }),
    ).toBeInTheDocument();
  }
});

describe('on a phone', () => {
  beforeEach(() => emulateViewportWidth(390));
  afterEach(() => act(() => emulateViewportWidth(null)));

  const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });
  const removeButtons = () =>
    within(screen.getByRole('list', { name: 'Selected filters' }))
      .getAllByRole('button')
      .map((button) => button.textContent);

  test('the filters fold behind a Filters button that says how many are set', async () => {
    const { controls, user } = renderScreen();
    await answer(controls, pageOf(45, 1));
    await screen.findByRole('list', { name: 'Permits' });

    // Today's permits: the two creation dates are set.
    expect(filtersButton()).toHaveAccessibleName('Filters (2 set)');
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: 'Search permits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Status:/ })).not.toBeInTheDocument();

    await user.click(filtersButton());

    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search permits' });
    expect(search).toBeVisible();
    // The button controls the panel it opened: the one holding the search.
    expect(filtersButton()).toHaveAttribute('aria-controls', search.form?.parentElement?.id);
    const panel = screen.getByRole('region', { name: 'Filters' });
    // After the button, the chosen filters come first, then the search, then the rest.
    expect(within(panel).getByRole('heading', { level: 2, name: 'Selected filters' })).toBe(
      within(panel).getAllByRole('heading')[0],
    );
    expect(
      within(panel)
        .getAllByRole('button')
        .slice(1)
        .map((button) => button.textContent),
    ).toEqual([
      'Remove filter: Created from 01/06/2026 00:00×',
      'Remove filter: Created to 01/06/2026 23:59×',
      'Search',
      'Status: All',
      'Reset',
    ]);
    expect(
      within(panel).getByRole('button', {
        name: 'Remove filter: Created from 01/06/2026 00:00',
      }),
    ).toBeInTheDocument();

    await user.click(filtersButton());
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    expect(search).not.toBeVisible();
  });

  test('the folded filters are drawn when they first open, and keep a typed search while closed', async () => {
    const { controls, user } = renderScreen();
    await answer(controls, pageOf(3, 1));
    await screen.findByRole('list', { name: 'Permits' });
    const searchbox = () =>
      screen.queryByRole<HTMLInputElement>('searchbox', { name: 'Search permits', hidden: true });
    const statuses = () => screen.queryAllByRole('checkbox', { hidden: true });
    // Folded, nothing of them is drawn, not even hidden: the phone's first render is spared it.
    expect(searchbox()).toBeNull();
    expect(statuses()).toEqual([]);

    await user.click(filtersButton());
    await user.type(searchbox()!, 'ford');
    // The status checkboxes are drawn once their own disclosure opens.
    expect(statuses()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Status: All' }));
    expect(statuses()).toHaveLength(12);

    // Folded again, what was typed and not yet searched for stays, as do the checkboxes.
    await user.click(filtersButton());
    expect(searchbox()).not.toBeVisible();
    expect(statuses()).toHaveLength(12);
    await user.click(filtersButton());
    expect(searchbox()).toBeVisible();
    expect(searchbox()).toHaveValue('ford');
  });

  test('a removed tag widens the list at once and hands the focus to the next tag', async () => {
    const { controls, user } = renderScreen({
      route: '/my-permits?status=ACTIVE&status=QUEUED&search=ford',
    });
    await answer(controls, pageOf(3, 1));
    expect(filtersButton()).toHaveAccessibleName('Filters (4 set)');
    await user.click(filtersButton());
    expect(removeButtons()).toEqual([
      'Remove filter: Status: Active×',
      'Remove filter: Status: Queued×',
      'Remove filter: Created from 01/06/2026 00:00×',
      'Remove filter: Created to 01/06/2026 23:59×',
      'Remove filter: Search: ford×',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove filter: Status: Active' }));
    expect(requests(controls).at(-1)).toEqual(
      defaultRequest({ status: ['QUEUED'], search: 'ford' }),
    );
    expect(screen.getByRole('button', { name: 'Remove filter: Status: Queued' })).toHaveFocus();

    // The only status left, removed, shows every status again: a tag never narrows the list.
    await user.keyboard('{Enter}');
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ search: 'ford' }));
    expect(filtersButton()).toHaveAccessibleName('Filters (3 set)');
    expect(
      screen.getByRole('button', { name: 'Remove filter: Created from 01/06/2026 00:00' }),
    ).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ start_date: '', search: 'ford' }));
    await user.click(screen.getByRole('button', { name: 'Remove filter: Search: ford' }));
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ start_date: '', search: '' }));
    expect(screen.getByRole('searchbox', { name: 'Search permits' })).toHaveValue('');
    // The last tag removed was the last in the list: the one before it has the focus.
    expect(
      screen.getByRole('button', { name: 'Remove filter: Created to 01/06/2026 23:59' }),
    ).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ start_date: '', end_date: '' }));
    expect(screen.queryByRole('list', { name: 'Selected filters' })).not.toBeInTheDocument();
    expect(filtersButton()).toHaveAccessibleName('Filters');
    expect(filtersButton()).toHaveFocus();
  });

  test("a search is one tap away, and Reset brings back today's two dates", async () => {
    const { controls, user } = renderScreen();
    await answer(controls, pageOf(45, 1));

    await user.click(filtersButton());
    await user.type(screen.getByRole('searchbox', { name: 'Search permits' }), 'ford{Enter}');
    expect(requests(controls).at(-1)).toEqual(defaultRequest({ search: 'ford' }));
    expect(filtersButton()).toHaveAccessibleName('Filters (3 set)');
    expect(removeButtons()).toContain('Remove filter: Search: ford×');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(requests(controls).at(-1)).toEqual(defaultRequest());
    expect(filtersButton()).toHaveAccessibleName('Filters (2 set)');
  });

  test('the wide layout comes back when the screen turns wide, with no Filters button', async () => {
    const { controls } = renderScreen();
    await answer(controls, pageOf(45, 1));
    expect(filtersButton()).toBeInTheDocument();

    act(() => emulateViewportWidth(1024));

    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search permits' })).toBeVisible();
    expect(await createdDate('Created from')).toBeVisible();
  });

  test('axe-core finds nothing with the filters folded and open', async () => {
    const { controls, user } = renderScreen();
    await answer(controls, pageOf(45, 1));
    await screen.findByRole('list', { name: 'Permits' });
    expect(await axeViolations()).toEqual([]);

    await user.click(filtersButton());
    expect(await axeViolations()).toEqual([]);
  });
});
