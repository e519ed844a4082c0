import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { permitListMachine } from '../../../../../machines/permits/my-permits/permit-list-machine';
import type { SavedPermitList } from '../../../../../machines/permits/my-permits/saved-permit-list';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { MyPermitsScreen } from '../../../../../src/features/permits/my-permits/my-permits-screen';
import { offlinePermitsText } from '../../../../../src/features/permits/my-permits/offline-permits-banner';
import { i18n } from '../../../../../src/i18n/i18n';
import { savedPermitLists } from '../../../../../src/shell/saved-permit-lists';
import { ProtectedRoute } from '../../../../../src/shell/protected-route';
import {
  createActorControls,
  type ActorControls,
} from '../../../../../machines/flow-models/actor-controls';
import {
  answerListCall,
  listedPermit,
  withControlledPermitListActors,
} from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import {
  findScreenHeading,
  renderWithProviders,
  residentProfile,
} from '../../../../support/render';
import { router, RouterProbe } from '../../../../support/router-probe';

/** 1 June 2026, 12:00:30 in London (BST). */
const now = new Date('2026-06-01T11:00:30Z');
/** That day's default filters, as a saved list records them (its dates written out). */
const juneFirstQuery = 'end_date=2026-06-01T23%3A59&start_date=2026-06-01T00%3A00';
const schedulingSite: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};
/** The uid of the resident `renderWithProviders` signs in. */
const residentUid = 'resident-1';

const scheduled = listedPermit({ id: 1, vrm: 'AB12CDE', status: 'SCHEDULED' });
const another = listedPermit({ id: 2, vrm: 'CD34EFG', status: 'ACTIVE' });

/** My Permits, opened at once, or from Add Permit with the refresh flag (`fromAddPermit`). */
async function openMyPermits({ fromAddPermit = false } = {}) {
  const controls = createActorControls();
  renderWithProviders(
    <main>
      <RouterProbe />
      <Routes>
        {/* As in the app: the screen mounts once the resident is known to be signed in. */}
        <Route element={<ProtectedRoute />}>
          <Route path="/my-permits" element={<MyPermitsScreen />} />
          <Route path="/add-permit" element={<h1>Add New Permit</h1>} />
        </Route>
      </Routes>
    </main>,
    {
      route: fromAddPermit ? '/add-permit' : '/my-permits',
      session: { status: 'signed_in', profile: residentProfile },
      machines: { permitList: withControlledPermitListActors(permitListMachine, controls) },
      clock: () => now,
      siteSettings: schedulingSite,
    },
  );
  if (fromAddPermit) {
    await findScreenHeading('Add New Permit');
    await act(async () => router.navigate('/my-permits', { state: { refresh: true } }));
  }
  await findScreenHeading('My Permits');
  return controls;
}

async function answer(controls: ActorControls, body: unknown) {
  await act(async () => answerListCall(controls, Promise.resolve(body)));
}

function goOffline() {
  act(() => void window.dispatchEvent(new Event('offline')));
}

const table = () => screen.getByRole('table', { name: 'Permits' });
/**
 * The buttons that change or create a permit: the row's Update, Set Live Now, Cancel and Add
 * again, and Add Permit. "Add to calendar" needs no connection and stays.
 */
const permitButtons = () => [
  ...within(table())
    .getAllByRole('button')
    .filter((button) => !button.textContent?.startsWith('Add to calendar')),
  screen.getByRole('button', { name: 'Add Permit' }),
];

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

test('offline, the rows stay with the time they were loaded, and nothing can change them', async () => {
  const controls = await openMyPermits();
  await answer(controls, { results: [scheduled], count: 1 });
  await screen.findByRole('table', { name: 'Permits' });
  expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument();

  goOffline();

  expect(screen.getByText('You’re offline — showing your permits as of 12:00')).toBeInTheDocument();
  const reason = screen.getByText(
    'Adding, updating, cancelling and setting permits live need a connection.',
  );
  expect(
    within(table())
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual([
    'Update permit AB12CDE',
    'Set Live Now permit AB12CDE',
    'Cancel permit AB12CDE',
    'Add to calendar permit AB12CDE',
    'Add again permit AB12CDE',
  ]);
  expect(
    within(table()).getByRole('button', { name: 'Add to calendar permit AB12CDE' }),
  ).toBeEnabled();
  for (const button of permitButtons()) {
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason.textContent!);
  }
  expect(screen.queryByRole('link', { name: 'Add Permit' })).not.toBeInTheDocument();
  expect(within(table()).getByText('AB12CDE')).toBeInTheDocument();
});

test('when the connection returns the banner goes and the list is fetched again', async () => {
  const controls = await openMyPermits();
  await answer(controls, { results: [scheduled], count: 1 });
  await screen.findByRole('table', { name: 'Permits' });
  goOffline();

  act(() => void window.dispatchEvent(new Event('online')));
  // The banner shrinks away (src/ui/banner-presence.tsx) rather than vanishing in one frame.
  await waitFor(() => expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument());
  expect(controls.inputs('fetchPermits')).toHaveLength(2);
  await answer(controls, { results: [scheduled, another], count: 2 });

  expect(within(table()).getByText('CD34EFG')).toBeInTheDocument();
  for (const button of within(table()).getAllByRole('button')) expect(button).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Add Permit' })).toHaveAttribute('href', '/add-permit');
});

test("keeps each page loaded under the resident's uid", async () => {
  const controls = await openMyPermits();
  await answer(controls, { results: [scheduled], count: 1 });
  expect(savedPermitLists.read(residentUid)).toEqual({
    query: juneFirstQuery,
    permits: [scheduled],
    count: 1,
    page: 1,
    loadedAt: now.toISOString(),
  });
});

test('a fetch that brings the rows already kept does not write them again; new rows are kept', async () => {
  const controls = await openMyPermits();
  await answer(controls, { results: [another], count: 1 });
  const save = jest.spyOn(savedPermitLists, 'save');

  act(() => void window.dispatchEvent(new Event('online')));
  await answer(controls, { results: [another], count: 1 });
  expect(controls.inputs('fetchPermits')).toHaveLength(2);
  expect(save).not.toHaveBeenCalled();

  act(() => void window.dispatchEvent(new Event('online')));
  await answer(controls, { results: [another, scheduled], count: 2 });
  expect(save).toHaveBeenCalledTimes(1);
  expect(savedPermitLists.read(residentUid)?.permits).toEqual([another, scheduled]);
});

test('arriving from Add Permit with a list kept on the device shows it and fetches once', async () => {
  savedPermitLists.save(residentUid, {
    query: juneFirstQuery,
    permits: [another],
    count: 1,
    page: 1,
    loadedAt: '2026-06-01T08:15:00.000Z',
  });
  const controls = await openMyPermits({ fromAddPermit: true });

  expect(within(table()).getByText('CD34EFG')).toBeInTheDocument();
  await answer(controls, { results: [another, scheduled], count: 2 });
  expect(await within(table()).findByText('AB12CDE')).toBeInTheDocument();
  expect(controls.inputs('fetchPermits')).toHaveLength(1);
  expect(router.location.state).toBeNull();
});

test('started offline, shows the list this resident loaded last, with its time', async () => {
  const saved: SavedPermitList = {
    query: juneFirstQuery,
    permits: [another],
    count: 1,
    page: 1,
    loadedAt: '2026-06-01T08:15:00.000Z',
  };
  savedPermitLists.save(residentUid, saved);
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  const controls = await openMyPermits();

  expect(
    await screen.findByText('You’re offline — showing your permits as of 09:15'),
  ).toBeInTheDocument();
  expect(within(table()).getByText('CD34EFG')).toBeInTheDocument();
  await act(async () => answerListCall(controls, Promise.reject(new TypeError('Failed to fetch'))));
  expect(within(table()).getByText('CD34EFG')).toBeInTheDocument();
  expect(screen.queryByText('The list could not be brought up to date.')).not.toBeInTheDocument();
});

test('names the day of rows loaded on another day', () => {
  expect(i18n._(offlinePermitsText('2026-05-30T08:15:00.000Z', now))).toBe(
    'You’re offline — showing your permits as of 09:15 on 30/05/2026',
  );
  expect(i18n._(offlinePermitsText('2026-06-01T08:15:00.000Z', now))).toBe(
    'You’re offline — showing your permits as of 09:15',
  );
});

test("never shows another account's saved list", async () => {
  savedPermitLists.save('someone-else', {
    query: juneFirstQuery,
    permits: [another],
    count: 1,
    page: 1,
    loadedAt: '2026-06-01T08:15:00.000Z',
  });
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  const controls = await openMyPermits();
  expect(screen.getByRole('status', { name: 'Loading permits' })).toBeInTheDocument();
  await answer(controls, { results: [scheduled], count: 1 });
  const shown = await screen.findByRole('table', { name: 'Permits' });
  expect(within(shown).getByText('AB12CDE')).toBeInTheDocument();
  expect(within(shown).queryByText('CD34EFG')).not.toBeInTheDocument();
});

test('sign-out forgets every saved list', () => {
  savedPermitLists.save(residentUid, {
    query: juneFirstQuery,
    permits: [another],
    count: 1,
    page: 1,
    loadedAt: '2026-06-01T08:15:00.000Z',
  });
  localStorage.setItem('unrelated', 'kept');
  savedPermitLists.clearAll();
  expect(savedPermitLists.read(residentUid)).toBeNull();
  expect(localStorage.getItem('unrelated')).toBe('kept');
});
