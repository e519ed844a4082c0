import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { SiteSettings } from '../../../../contract/site-settings';
import { ApiError } from '../../../../src/api/api-error';
import { GuideScreen } from '../../../../src/features/guide/guide-screen';
import { plainSite } from '../../../../machines/permits/permit-form/permit-form-samples';
import { renderWithProviders, residentProfile } from '../../../support/render';

function renderGuide(site: SiteSettings | Error | Promise<SiteSettings>) {
  return renderWithProviders(
    <Routes>
      <Route path="/how-to-guide" element={<GuideScreen />} />
      <Route path="/add-permit" element={<h1>Add New Permit page</h1>} />
      <Route path="/my-permits" element={<h1>My Permits page</h1>} />
    </Routes>,
    {
      route: '/how-to-guide',
      session: { status: 'signed_in', profile: residentProfile },
      siteSettings: site instanceof Error ? Promise.reject(site) : site,
    },
  );
}

const section = (name: string) => screen.findByRole('region', { name });

/** The steps of "Adding Permits", in order, as the resident reads them. */
async function addingSteps(): Promise<(string | null)[]> {
  const steps = within(await section('Adding Permits')).getByRole('list');
  return within(steps)
    .getAllByRole('listitem')
    .map((step) => step.textContent);
}

const firstStep = 'Go to Add Permit in the navigation bar, or select Add New Permit on this page.';
const referenceStep = 'Enter a reference label: a label of your own, unique to this permit.';
const vehicleStep =
  'Enter the vehicle’s registration number, make and model, and its colour if you like. The registration shows in capital letters however you type it.';
const driverStep = 'Add the driver’s first and last name if you know them. Both are optional.';
const chooseEndStep =
  'Choose how long the permit lasts: pick an expiry date and time in the future, or tick Set as Indefinite to keep the permit active until you cancel it.';
const scheduleStep =
  'To start the permit later, tick Schedule permit for future activation and choose a start date and time at least 1 minute in the future. Otherwise the permit starts straight away.';
const submitStep =
  'Review the details, tick the box at the bottom to confirm you have verified them, and select Create Permit. You then go to My Permits, where you can follow the new permit’s status.';

test('shows a spinner until the site settings load, then every section', async () => {
  let resolveSettings!: (settings: SiteSettings) => void;
  renderGuide(new Promise<SiteSettings>((resolve) => (resolveSettings = resolve)));

  expect(screen.getByRole('heading', { level: 1, name: 'How to Guide' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Loading site settings' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Adding Permits' })).not.toBeInTheDocument();

  await act(async () => resolveSettings(plainSite));

  expect(await section('Getting Started')).toBeInTheDocument();
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual([
    'Getting Started',
    'Using the Dashboard',
    'Adding Permits',
    'Permit Statuses',
    'Managing Permits',
    'My Permits',
    'Account Settings',
    'Troubleshooting',
  ]);
  expect(screen.queryByRole('status', { name: 'Loading site settings' })).not.toBeInTheDocument();
});

describe('the steps of adding a permit follow the site settings', () => {
  test('a plain site: no reference label, the resident picks the end, no scheduling', async () => {
    renderGuide(plainSite);

    expect(await addingSteps()).toEqual([
      firstStep,
      vehicleStep,
      driverStep,
      chooseEndStep,
      submitStep,
    ]);
  });

  test('a site with reference labels adds the reference step after going to Add Permit', async () => {
    renderGuide({ ...plainSite, can_add_reference: true });

    expect(await addingSteps()).toEqual([
      firstStep,
      referenceStep,
      vehicleStep,
      driverStep,
      chooseEndStep,
      submitStep,
    ]);
  });

  test('a site with scheduling adds the optional schedule step, at least 1 minute ahead', async () => {
    renderGuide({ ...plainSite, can_schedule_permits: true });

    expect(await addingSteps()).toEqual([
      firstStep,
      vehicleStep,
      driverStep,
      chooseEndStep,
      scheduleStep,
      submitStep,
    ]);
  });

  test.each([
    [24, '24 hours'],
    [1, '1 hour'],
  ])('an automatic end of %i hours replaces choosing the end', async (limit, duration) => {
    renderGuide({ ...plainSite, default_end_date_limit_hours: limit });

    expect(await addingSteps()).toEqual([
      firstStep,
      vehicleStep,
      driverStep,
      `You do not choose an end date: every permit on this site ends automatically ${duration} after it starts.`,
      submitStep,
    ]);
  });

  test('a site with every option shows every step in the spec’s order', async () => {
    renderGuide({
      can_add_reference: true,
      can_schedule_permits: true,
      default_end_date_limit_hours: 0,
    });

    expect(await addingSteps()).toEqual([
      firstStep,
      referenceStep,
      vehicleStep,
      driverStep,
      chooseEndStep,
      scheduleStep,
      submitStep,
    ]);
  });

  test('when the site settings cannot be had, the guide describes the fallback', async () => {
    renderGuide(new ApiError('Network Error'));

    expect(await addingSteps()).toEqual([
      firstStep,
      vehicleStep,
      driverStep,
      chooseEndStep,
      submitStep,
    ]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
  });
});

test('lists all 12 statuses with their labels, in the order of the status table', async () => {
  renderGuide(plainSite);

  const table = within(await section('Permit Statuses')).getByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
    'Active',
    'Scheduled',
    'Queued',
    'Cancelling…',
    'Cancelled',
    'Cancel failed',
    'Updating…',
    'Update Failed',
    'Expiring…',
    'Expired',
    'Failed',
    'Failed - Limit Exceeded',
  ]);
  expect(within(table).getByRole('row', { name: /^Queued/ })).toHaveTextContent(
    'The permit is waiting for the parking provider to take it.',
  );
  expect(within(table).getByRole('row', { name: /^Failed - Limit Exceeded/ })).toHaveTextContent(
    'The permit was not created because your permit limit was exceeded.',
  );
});

describe('managing permits follows the site settings', () => {
  const points = async () =>
    within(await section('Managing Permits'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  const cancelPoint =
    'Cancel ends a permit that is active, queued, scheduled or updating, or whose update failed. Cancelling cannot be undone.';
  const confirmPoint =
    'Each of these asks you to confirm first. Afterwards the list shows the permit’s new status as the parking provider processes the change.';

  test('without scheduling only cancelling is described', async () => {
    renderGuide(plainSite);

    expect(await points()).toEqual([cancelPoint, confirmPoint]);
  });

  test('with scheduling, Update changes the start and the expiry, and Set Live Now starts it', async () => {
    renderGuide({ ...plainSite, can_schedule_permits: true });

    expect(await points()).toEqual([
      'Update changes a scheduled permit’s start date and time, and its expiry, or makes it indefinite.',
      'Set Live Now starts a scheduled permit straight away.',
      cancelPoint,
      confirmPoint,
    ]);
  });

  test('with scheduling and an automatic end, the end moves with the start', async () => {
    renderGuide({ ...plainSite, can_schedule_permits: true, default_end_date_limit_hours: 48 });

    expect((await points())[0]).toBe(
      'Update changes a scheduled permit’s start date and time; its end moves with it, 48 hours after the new start.',
    );
  });
});

test('the dashboard section gives the bar thresholds', async () => {
  renderGuide(plainSite);

  expect(within(await section('Using the Dashboard')).getByRole('list')).toHaveTextContent(
    'The bars turn orange at 70% and red at 90%.',
  );
});

test('account settings and troubleshooting give the support address as a mailto link', async () => {
  renderGuide(plainSite);

  for (const name of ['Account Settings', 'Troubleshooting']) {
    expect(
      within(await section(name)).getByRole('link', { name: 'support@kerbside.test' }),
    ).toHaveAttribute('href', 'mailto:support@kerbside.test');
  }
});

test.each([
  ['Add New Permit', 'Add New Permit page'],
  ['View My Permits', 'My Permits page'],
])('the "%s" button leads to its page', async (button, page) => {
  const { user } = renderGuide(plainSite);

  await user.click(screen.getByRole('link', { name: button }));

  expect(await screen.findByRole('heading', { name: page })).toBeInTheDocument();
});
