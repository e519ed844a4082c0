import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import { recentVehiclesMachine } from '../../../../../machines/permits/add-permit/recent-vehicles-machine';
import type { RecentVehicle } from '../../../../../machines/permits/add-permit/recent-vehicles';
import { addPermitMachine } from '../../../../../machines/permits/add-permit/add-permit-machine';
import { permitListMachine } from '../../../../../machines/permits/my-permits/permit-list-machine';
import type { PermitCapInfo } from '../../../../../contract/permit';
import { AddPermitScreen } from '../../../../../src/features/permits/add-permit/add-permit-screen';
import { MyPermitsScreen } from '../../../../../src/features/permits/my-permits/my-permits-screen';
import {
  createActorControls,
  type ActorControls,
} from '../../../../../machines/flow-models/actor-controls';
import { withControlledAddPermitActors } from '../../../../../machines/permits/add-permit/add-permit-flow-samples';
import {
  fullSite,
  juneNoon,
} from '../../../../../machines/permits/permit-form/permit-form-samples';
import {
  answerListCall,
  listedPermit,
  withControlledPermitListActors,
} from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import { dashboardFiguresOf } from '../../../../support/dashboard-figures';
import { dateTimeBox, dateTimeShown } from '../../../../support/date-time-boxes';
import { expectErrorSummary } from '../../../../support/error-summary';
import { renderWithProviders, residentProfile } from '../../../../support/render';

const clock = () => juneNoon;
const juneCap: PermitCapInfo = {
  permits_used: 2,
  permit_cap_limit: 6,
  permits_remaining: 4,
  period_name: 'June 2026',
  permit_cap_type: 'monthly',
};

function renderApp({
  route,
  profile = residentProfile,
  capInfo = juneCap,
}: {
  route: string;
  profile?: typeof residentProfile;
  capInfo?: PermitCapInfo | null;
}) {
  const controls = createActorControls();
  const view = renderWithProviders(
    <Routes>
      <Route path="/my-permits" element={<MyPermitsScreen />} />
      <Route path="/add-permit" element={<AddPermitScreen />} />
    </Routes>,
    {
      route,
      session: { status: 'signed_in', profile },
      machines: {
        permitList: withControlledPermitListActors(permitListMachine, controls),
        addPermit: withControlledAddPermitActors(addPermitMachine, controls),
        dashboard: dashboardFiguresOf({ profile, capInfo }),
        recentVehicles: recentVehiclesMachine.provide({
          actors: { loadRecentVehicles: fromPromise<RecentVehicle[], void>(async () => []) },
        }),
      },
      clock,
      siteSettings: fullSite,
    },
  );
  return { ...view, controls };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

test('"Add again" on a row opens Add Permit with that vehicle and driver, not the dates', async () => {
  const { controls, user } = renderApp({ route: '/my-permits' });
  const permit = listedPermit({
    vrm: 'KX19ABC',
    make: 'Toyota',
    model: 'Yaris',
    colour: 'Red',
    driver_first: 'Ann',
    driver_last: 'Lee',
  });
  await act(async () => answerListCall(controls, Promise.resolve({ results: [permit], count: 1 })));
  const grid = await screen.findByRole('table', { name: 'Permits' });
  expect(within(grid).getByRole('button', { name: 'Add again permit KX19ABC' })).toBeVisible();

  await user.click(within(grid).getByRole('button', { name: 'Add again permit KX19ABC' }));

  expect(await screen.findByRole('button', { name: 'Create Permit' })).toBeInTheDocument();
  expect(field(/^Registration number/).value).toBe('KX19 ABC');
  expect(field(/^Make/).value).toBe('Toyota');
  expect(field(/^Model/).value).toBe('Yaris');
  expect(field(/^Colour/).value).toBe('Red');
  expect(field(/^Driver first name/).value).toBe('Ann');
  expect(field(/^Driver last name/).value).toBe('Lee');
  expect(dateTimeShown(screen.getByRole('group', { name: 'Expiry date' }))).toBe('');
  expect(field(/^Reference label/).value).toBe('');
});

test('Add Permit reached by its address starts empty', async () => {
  renderApp({ route: '/add-permit' });
  await screen.findByRole('button', { name: 'Create Permit' });
  expect(field(/^Registration number/).value).toBe('');
});

describe('the allowance, before the form', () => {
  test('"N permits left", never the limit, and the activations left in the cap period', async () => {
    renderApp({ route: '/add-permit' });
    const allowance = await screen.findByRole('region', { name: 'Your allowance' });
    expect(await within(allowance).findByText('4 permits left')).toBeInTheDocument();
    expect(
      await within(allowance).findByText('4 of 6 activations left in June 2026'),
    ).toBeInTheDocument();
    expect(within(allowance).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('no activation line without a cap; a warning when no permit is left', async () => {
    const full = { ...residentProfile, active_registrations: 5 };
    renderApp({
      route: '/add-permit',
      profile: full,
      capInfo: { ...juneCap, permit_cap_limit: 0 },
    });
    const allowance = await screen.findByRole('region', { name: 'Your allowance' });
    expect(await within(allowance).findByText('0 permits left')).toBeInTheDocument();
    expect(
      within(allowance).getByText(
        'You have no permits left, so a new one will be refused. A permit that ends or is cancelled frees its place.',
      ),
    ).toBeInTheDocument();
    expect(within(allowance).queryByText(/activations left/)).not.toBeInTheDocument();
    // Said before the form: the warning comes before the first field.
    expect(
      allowance.compareDocumentPosition(field(/^Registration number/)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('Repeat weekly', () => {
  /** Puts `value` in `element` as a paste: quicker than typing, on a busy machine. */
  async function put(user: UserEvent, element: HTMLElement, value: string) {
    await user.click(element);
    if (value !== '') await user.paste(value);
  }

  /** What a series' report says of each week, in order. */
  const weeksIn = (report: HTMLElement) =>
    within(report)
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  async function fillSeries(user: UserEvent, weeks: string) {
    await put(user, field(/^Reference label/), 'Carer');
    await put(user, field(/^Registration number/), 'AB12 CDE');
    await put(user, field(/^Make/), 'Ford');
    await put(user, field(/^Model/), 'Focus');
    await user.click(
      screen.getByRole('checkbox', { name: 'Schedule permit for future activation' }),
    );
    // Pasted into the Day box, a whole date and time spreads over the five boxes.
    const dayOf = (name: string) => dateTimeBox(screen.getByRole('group', { name }), 'day');
    await put(user, dayOf('Scheduled start date'), '18/10/2026 18:00');
    await put(user, dayOf('Expiry date'), '18/10/2026 21:00');
    await user.click(screen.getByRole('checkbox', { name: 'Repeat weekly' }));
    await put(user, field(/^Number of weeks/), weeks);
    await user.click(screen.getByRole('checkbox', { name: /I have verified/ }));
  }

  test('is offered with a scheduled start only', async () => {
    const { user } = renderApp({ route: '/add-permit' });
    await screen.findByRole('button', { name: 'Create Permit' });
    expect(screen.queryByRole('checkbox', { name: 'Repeat weekly' })).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', { name: 'Schedule permit for future activation' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Repeat weekly' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Number of weeks/ })).not.toBeInTheDocument();
  });

  test.each(['1', '9', 'two', ''])('refuses %p weeks with a field error', async (weeks) => {
    const { user, controls } = renderApp({ route: '/add-permit' });
    await screen.findByRole('button', { name: 'Create Permit' });
    await fillSeries(user, weeks);
    await user.click(screen.getByRole('button', { name: 'Create Permit' }));
    await expectErrorSummary(['Enter a number of weeks from 2 to 8']);
    expect(field(/^Number of weeks/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Number of weeks/)).toHaveAccessibleDescription(
      expect.stringContaining('Enter a number of weeks from 2 to 8'),
    );
    expect(controls.inputs('createWeek')).toEqual([]);
  });

  test('shows "Creating 2 of 3…", then names the weeks made and not made; a retry sends the rest once', async () => {
    const { user, controls } = renderApp({ route: '/add-permit' });
    await screen.findByRole('button', { name: 'Create Permit' });
    await fillSeries(user, '3');
    await user.click(screen.getByRole('button', { name: 'Create Permit' }));

    expect(await screen.findByText('Creating 1 of 3…')).toBeInTheDocument();
    await act(async () => controls.resolve('createWeek', { status: 201 }));
    expect(await screen.findByText('Creating 2 of 3…')).toBeInTheDocument();
    // A second press while the series goes out sends nothing.
    await user.click(screen.getByRole('button', { name: 'Creating Permit...' }));
    await act(async () =>
      controls.reject('createWeek', {
        status: 400,
        body: { non_field_errors: ['You have reached your permit limit'] },
      }),
    );
    expect(await screen.findByText('Creating 3 of 3…')).toBeInTheDocument();
    await act(async () => controls.resolve('createWeek', { status: 201 }));

    const report = await screen.findByRole('alert');
    expect(within(report).getByText('Not every week was created')).toBeInTheDocument();
    expect(weeksIn(report)).toEqual([
      'Created: the week starting 18/10/2026 18:00',
      'Not created: the week starting 25/10/2026 18:00. You have reached your permit limit',
      'Created: the week starting 01/11/2026 18:00',
    ]);
    // The form keeps its details for the retry.
    expect(field(/^Registration number/).value).toBe('AB12 CDE');

    await user.click(screen.getByRole('button', { name: 'Create Permit' }));
    expect(await screen.findByText('Creating 2 of 3…')).toBeInTheDocument();
    await act(async () => controls.resolve('createWeek', { status: 201 }));

    const starts = controls
      .inputs('createWeek')
      .map((payload) => (payload as { start_ts: string; end_ts: string }).start_ts);
    // The week across the clock change keeps 18:00; none is sent twice once made.
    expect(starts).toEqual([
      '2026-10-18T18:00:00',
      '2026-10-25T18:00:00',
      '2026-11-01T18:00:00',
      '2026-10-25T18:00:00',
    ]);
  });

  const overlapRefusal = {
    status: 400,
    body: { non_field_errors: ['A permit for this VRM and time already exists'] },
  };
  /** The second week (25/10/2026 18:00–21:00, GMT by then) as the API host lists it once made. */
  const secondWeek = listedPermit({
    id: 7,
    status: 'SCHEDULED',
    reference_no: 'Carer 25/10/2026',
    start_ts: '2026-10-25T18:00:00.000Z',
    end_ts: '2026-10-25T21:00:00.000Z',
  });

  /** A series of 3 whose second week got no answer, then the retry of that week is refused. */
  async function retryAfterLostAnswer(user: UserEvent, controls: ActorControls) {
    await fillSeries(user, '3');
    await user.click(screen.getByRole('button', { name: 'Create Permit' }));
    await act(async () => controls.resolve('createWeek', { status: 201 }));
    await act(async () => controls.reject('createWeek', {}));
    await act(async () => controls.resolve('createWeek', { status: 201 }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Create Permit' }));
    await act(async () => controls.reject('createWeek', overlapRefusal));
    expect(await screen.findByText('Creating 2 of 3…')).toBeInTheDocument();
    expect(controls.inputs('findOverlappingPermit')).toEqual([controls.inputs('createWeek')[1]]);
  }

  test('a week whose answer was lost, found made by the retry, is counted made', async () => {
    const { user, controls } = renderApp({ route: '/add-permit' });
    await screen.findByRole('button', { name: 'Create Permit' });
    await retryAfterLostAnswer(user, controls);

    await act(async () => controls.resolve('findOverlappingPermit', secondWeek));

    expect(await screen.findByRole('heading', { name: 'My Permits' })).toBeInTheDocument();
    expect(controls.inputs('createWeek')).toHaveLength(4);
  });

  test('a week refused for another permit in the way stays not made', async () => {
    const { user, controls } = renderApp({ route: '/add-permit' });
    await screen.findByRole('button', { name: 'Create Permit' });
    await retryAfterLostAnswer(user, controls);

    const longer = { ...secondWeek, end_ts: '2026-10-25T22:00:00.000Z' };
    await act(async () => controls.resolve('findOverlappingPermit', longer));

    expect(weeksIn(await screen.findByRole('alert'))).toEqual([
      'Created: the week starting 18/10/2026 18:00',
      'Not created: the week starting 25/10/2026 18:00. Overlapping permit detected — adjust or cancel the other permit first.',
      'Created: the week starting 01/11/2026 18:00',
    ]);
  });
});
