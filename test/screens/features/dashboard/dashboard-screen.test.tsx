import { act, screen, within } from '@testing-library/react';
import type { Profile } from '../../../../contract/auth';
import type { PermitCapInfo } from '../../../../contract/permit';
import { ApiError } from '../../../../src/api/api-error';
import { DashboardScreen } from '../../../../src/features/dashboard/dashboard-screen';
import { fromPromise } from 'xstate';
import { dashboardMachine } from '../../../../machines/dashboard/dashboard-machine';
import {
  gatherDashboardFigures,
  type DashboardCalls,
} from '../../../../machines/dashboard/gather-dashboard-figures';
import {
  startApiHostStandIn,
  type ApiHostStandIn,
  type StandInAnswer,
} from '../../../support/api-host-stand-in';
import { renderWithProviders, residentProfile } from '../../../support/render';

const fetchedProfile: Profile = {
  first_name: 'Janet',
  last_name: 'Doe',
  email: 'janet.doe@example.test',
  active_registrations: 2,
  permit_limit: 10,
};

const monthlyCap: PermitCapInfo = {
  permits_used: 3,
  permit_cap_limit: 10,
  permits_remaining: 7,
  period_name: 'November 2026',
  permit_cap_type: 'monthly',
};

type Answer<T> = T | Error | Promise<T>;

function answer<T>(value: Answer<T>): Promise<T> {
  if (value instanceof Error) return Promise.reject(value);
  return Promise.resolve(value);
}

/** Calls that answer as a host would; an Error is a failed call. */
function loadersAnswering({
  profile = fetchedProfile,
  capInfo = monthlyCap,
  queuedCount = 1,
}: {
  profile?: Answer<Profile>;
  capInfo?: Answer<PermitCapInfo>;
  queuedCount?: Answer<number>;
} = {}): DashboardCalls {
  return {
    fetchProfile: () => answer(profile),
    fetchCapInfo: () => answer(capInfo),
    countQueuedPermits: () => answer(queuedCount),
  };
}

function renderDashboard(calls: DashboardCalls, sessionProfile: Profile | null = residentProfile) {
  const dashboard = dashboardMachine.provide({
    actors: { loadFigures: fromPromise(() => gatherDashboardFigures(calls)) },
  });
  return renderWithProviders(<DashboardScreen />, {
    session: { status: 'signed_in', profile: sessionProfile },
    machines: { dashboard },
  });
}

const card = (name: string) => screen.findByRole('region', { name });
const limitBar = () => screen.findByRole('progressbar', { name: 'Permit limit used' });
const capBar = () => screen.findByRole('progressbar', { name: 'Activation cap used' });

// A bar's colour and drawn width have no role or text to query by: they are read from the
// elements Chakra paints, the palette from the bar's root (jsdom does not inherit custom
// properties) and the width from its range.

/** The colour palette Chakra paints a progress bar with, as the page's styles resolve it. */
function paletteOf(progressbar: HTMLElement): string {
  // eslint-disable-next-line testing-library/no-node-access
  const root = progressbar.closest('[data-scope="progress"][data-part="root"]');
  if (!root) throw new Error('the progress bar has no root');
  const palette = getComputedStyle(root).getPropertyValue('--chakra-colors-color-palette-solid');
  return /^var\(--chakra-colors-(\w+)-solid\)$/.exec(palette)?.[1] ?? palette;
}

function fillOf(progressbar: HTMLElement): Element {
  // eslint-disable-next-line testing-library/no-node-access
  const range = progressbar.querySelector('[data-part="range"]');
  if (!range) throw new Error('the progress bar has no range');
  return range;
}

/** What a description list in `container` gives for `term`. */
function valueFor(container: HTMLElement, term: string): string | null | undefined {
  const terms = within(container)
    .getAllByRole('term')
    .map((element) => element.textContent);
  const index = terms.indexOf(term);
  if (index < 0) throw new Error(`no term "${term}" among ${terms.join(', ')}`);
  return within(container).getAllByRole('definition')[index]?.textContent;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

test('greets the resident by first name, shows their email and both cards', async () => {
  renderDashboard(loadersAnswering({ queuedCount: 1 }));

  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(await screen.findByText('Welcome, Janet!')).toBeInTheDocument();
  expect(screen.getByText('janet.doe@example.test')).toBeInTheDocument();

  const available = await card('Available Permits');
  expect(valueFor(available, 'Available now')).toBe('8');
  expect(valueFor(available, 'Active registrations')).toBe('2');
  expect(valueFor(available, 'Queued permits')).toBe('1');
  expect(within(available).getByText('20% used')).toBeInTheDocument();

  const activated = await card('Activated Permits');
  expect(valueFor(activated, 'Activated in November 2026')).toBe('3');
  expect(
    within(activated).getByText(
      'Monthly activation cap for November 2026: 3 of 10 used, 7 remaining.',
    ),
  ).toBeInTheDocument();
});

test('explains what the figures mean', async () => {
  renderDashboard(loadersAnswering());

  const explanation = within(await card('What This Means'));
  expect(explanation.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Available Permits is how many more permits you can hold at the same time. Every active, queued, scheduled or updating permit takes a place until it ends or is cancelled.',
    'Activated Permits counts the permits activated in November 2026. You can activate 10 permits each month; once they are used, new permits cannot be activated until the next month begins.',
    'Queued permits are waiting for the parking provider to confirm them. They already take a place and count as activations.',
    'The bars turn orange at 70% and red at 90%, so you can see when you are getting close.',
  ]);
});

test('shows a skeleton until the profile, cap info and queued count have all answered', async () => {
  const profile = deferred<Profile>();
  const capInfo = deferred<PermitCapInfo>();
  renderDashboard(
    loadersAnswering({ profile: profile.promise, capInfo: capInfo.promise, queuedCount: 0 }),
  );

  expect(screen.getByRole('status', { name: 'Loading your permit usage' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Available Permits' })).not.toBeInTheDocument();
  // The session already knows who is signed in, so the greeting does not wait.
  expect(await screen.findByText('Welcome, Jane!')).toBeInTheDocument();

  await act(async () => profile.resolve(fetchedProfile));
  expect(screen.getByRole('status', { name: 'Loading your permit usage' })).toBeInTheDocument();

  await act(async () => capInfo.resolve(monthlyCap));
  expect(await card('Available Permits')).toBeInTheDocument();
  expect(screen.getByText('Welcome, Janet!')).toBeInTheDocument();
  expect(
    screen.queryByRole('status', { name: 'Loading your permit usage' }),
  ).not.toBeInTheDocument();
});

describe('when a fetch fails', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  test('a failed profile falls back to the session’s profile, and the failure is logged', async () => {
    const failure = new ApiError('Network Error');
    renderDashboard(loadersAnswering({ profile: failure }), {
      ...residentProfile,
      active_registrations: 3,
      permit_limit: 4,
    });

    const available = await card('Available Permits');
    expect(valueFor(available, 'Available now')).toBe('1');
    expect(valueFor(available, 'Active registrations')).toBe('3');
    expect(within(available).getByText('75% used')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Jane!')).toBeInTheDocument();
    expect(screen.getByText('jane.doe@example.test')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('The dashboard could not load the profile', failure);
  });

  test('with no profile anywhere, the card says so and the rest still shows', async () => {
    renderDashboard(loadersAnswering({ profile: new ApiError('Network Error') }), null);

    const available = await card('Available Permits');
    expect(
      within(available).getByText('Your permit usage could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
    expect(await capBar()).toBeInTheDocument();
  });

  test('a failed cap info or queued count leaves the other figures in place', async () => {
    renderDashboard(
      loadersAnswering({
        capInfo: new ApiError('Server Error', { status: 500 }),
        queuedCount: new ApiError('Network Error'),
      }),
    );

    const available = await card('Available Permits');
    expect(valueFor(available, 'Queued permits')).toBe('Unavailable');
    expect(valueFor(available, 'Available now')).toBe('8');
    expect(
      within(await card('Activated Permits')).getByText(
        'Your activations could not be loaded. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('progressbar', { name: 'Activation cap used' }),
    ).not.toBeInTheDocument();
  });
});

describe('the permit limit bar', () => {
  test.each([
    [69, 'green', null],
    [70, 'orange', 'You are getting close to your permit limit.'],
    [89, 'orange', 'You are getting close to your permit limit.'],
    [90, 'red', 'You are at or very close to your permit limit.'],
  ])('at %i %% it is %s', async (percent, colour, warning) => {
    renderDashboard(
      loadersAnswering({
        profile: { ...fetchedProfile, active_registrations: percent, permit_limit: 100 },
      }),
    );

    const bar = await limitBar();
    expect(paletteOf(bar)).toBe(colour);
    // jest-dom's toHaveValue reads form fields only, not a progress bar's aria-valuenow.
    // eslint-disable-next-line jest-dom/prefer-to-have-value
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAttribute('aria-valuetext', `${percent}% used`);
    expect(fillOf(bar)).toHaveStyle({ width: `${percent}%` });
    const available = await card('Available Permits');
    expect(within(available).queryByText(/^You are/)?.textContent ?? null).toBe(warning);
  });

  test('with no limit the bar is empty and nothing is available', async () => {
    renderDashboard(
      loadersAnswering({
        profile: { ...fetchedProfile, active_registrations: 0, permit_limit: 0 },
      }),
    );

    const bar = await limitBar();
    expect(bar).toHaveAttribute('aria-valuetext', '0% used');
    expect(valueFor(await card('Available Permits'), 'Available now')).toBe('0');
  });

  test('the value of the permit limit is never shown', async () => {
    renderDashboard(
      loadersAnswering({
        profile: { ...fetchedProfile, active_registrations: 12, permit_limit: 37 },
        capInfo: { ...monthlyCap, permits_used: 4, permits_remaining: 6 },
        queuedCount: 2,
      }),
    );

    const bar = await limitBar();
    expect(bar).toHaveAttribute('aria-valuetext', '32% used');
    expect(valueFor(await card('Available Permits'), 'Available now')).toBe('25');
    expect(document.body).not.toHaveTextContent('37');
    for (const progressbar of screen.getAllByRole('progressbar')) {
      expect(progressbar).toHaveAttribute('aria-valuemax', '100');
      expect(progressbar.getAttribute('aria-valuenow')).not.toBe('37');
    }
  });
});

describe('the activation cap bar', () => {
  test.each([
    [69, 'blue'],
    [70, 'orange'],
    [89, 'orange'],
    [90, 'red'],
  ])('at %i %% it is %s', async (used, colour) => {
    renderDashboard(
      loadersAnswering({
        capInfo: { ...monthlyCap, permits_used: used, permit_cap_limit: 100, permits_remaining: 0 },
      }),
    );

    const bar = await capBar();
    expect(paletteOf(bar)).toBe(colour);
    expect(bar).toHaveAttribute('aria-valuetext', `${used}% used`);
    expect(fillOf(bar)).toHaveStyle({ width: `${used}%` });
  });

  test('past the cap it fills the track and no more, and says how far past it is', async () => {
    renderDashboard(
      loadersAnswering({ capInfo: { ...monthlyCap, permits_used: 12, permits_remaining: 0 } }),
    );

    const bar = await capBar();
    expect(fillOf(bar)).toHaveStyle({ width: '100%' });
    // eslint-disable-next-line jest-dom/prefer-to-have-value
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '120% used');
    expect(paletteOf(bar)).toBe('red');
    expect(
      within(await card('Activated Permits')).getByText(
        'You are at or very close to your activation cap.',
      ),
    ).toBeInTheDocument();
  });

  test('a quarterly cap names its quarter', async () => {
    renderDashboard(
      loadersAnswering({
        capInfo: { ...monthlyCap, permit_cap_type: 'quarterly', period_name: 'Q4 2026' },
      }),
    );

    const activated = await card('Activated Permits');
    expect(valueFor(activated, 'Activated in Q4 2026')).toBe('3');
    expect(
      within(activated).getByText(
        'Quarterly activation cap for Q4 2026: 3 of 10 used, 7 remaining.',
      ),
    ).toBeInTheDocument();
    expect(
      within(await card('What This Means')).getByText(/You can activate 10 permits each quarter/),
    ).toBeInTheDocument();
  });

  test('a cap of 0 is unlimited: no bar, and the page says so', async () => {
    renderDashboard(
      loadersAnswering({
        capInfo: { ...monthlyCap, permit_cap_limit: 0, permits_remaining: null, permits_used: 5 },
      }),
    );

    const activated = await card('Activated Permits');
    expect(valueFor(activated, 'Activated in November 2026')).toBe('5');
    expect(within(activated).getByText('Unlimited')).toBeInTheDocument();
    expect(
      within(activated).getByText(
        'There is no activation cap, so you can activate as many permits as you need.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('progressbar', { name: 'Activation cap used' }),
    ).not.toBeInTheDocument();
    expect(
      within(await card('What This Means')).getByText(
        'Activated Permits counts the permits activated in November 2026. There is no activation cap, so activations are unlimited.',
      ),
    ).toBeInTheDocument();
  });
});

describe('against an API host stand-in', () => {
  const requested: string[] = [];
  let answers: Record<string, StandInAnswer> = {};
  let apiHost: ApiHostStandIn;

  beforeAll(async () => {
    apiHost = await startApiHostStandIn((request) => {
      const path = request.url ?? '';
      requested.push(path);
      return answers[path] ?? { status: 404, body: { detail: 'Not found.' } };
    });
    // The app reads its configuration on first use; nothing in this file has used it yet.
    window.__KERBSIDE_CONFIG__ = {
      ...(window.__KERBSIDE_CONFIG__ as object),
      apiBaseUrl: apiHost.url,
    };
  });

  afterAll(() => apiHost.close());

  beforeEach(() => {
    requested.length = 0;
  });

  test('fetches the profile, the cap info and the queued permits, and shows them', async () => {
    answers = {
      '/api/v1/auth/profile/': { status: 200, body: fetchedProfile },
      '/api/v1/permits/permit_cap_info/': { status: 200, body: monthlyCap },
      '/api/v1/permits/?status=QUEUED&page=1': { status: 200, body: { count: 4, results: [] } },
    };
    renderWithProviders(<DashboardScreen />, {
      session: { status: 'signed_in', profile: residentProfile },
    });

    const available = await card('Available Permits');
    expect(valueFor(available, 'Queued permits')).toBe('4');
    expect(valueFor(available, 'Available now')).toBe('8');
    expect(screen.getByText('Welcome, Janet!')).toBeInTheDocument();
    expect(await capBar()).toHaveAttribute('aria-valuetext', '30% used');
    expect([...requested].sort()).toEqual(Object.keys(answers).sort());
  });

  test('a profile the host refuses falls back to the session’s', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answers = {
      '/api/v1/auth/profile/': { status: 500, body: { detail: 'It broke.' } },
      '/api/v1/permits/permit_cap_info/': { status: 200, body: monthlyCap },
      '/api/v1/permits/?status=QUEUED&page=1': { status: 200, body: { error: 'No list.' } },
    };
    renderWithProviders(<DashboardScreen />, {
      session: { status: 'signed_in', profile: residentProfile },
    });

    const available = await card('Available Permits');
    expect(valueFor(available, 'Available now')).toBe('4');
    expect(valueFor(available, 'Queued permits')).toBe('Unavailable');
    expect(screen.getByText('Welcome, Jane!')).toBeInTheDocument();
  });
});
