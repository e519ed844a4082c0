import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { Profile } from '../../../contract/auth';
import type { SiteSettings } from '../../../contract/site-settings';
import { sessionMachine, toSessionStatus } from '../../../machines/session-machine';
import { siteSettingsMachine } from '../../../machines/site-settings-machine';
import { createApiClient } from '../../../src/api/api-client';
import { apiPaths } from '../../../src/api/api-paths';
import { AppRoutes } from '../../../src/shell/routes';
import { fakeSessionActors } from '../../../machines/session-flow-samples';
import { createActorControls } from '../../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../machines/model-path-tests';
import { dashboardFiguresOf } from '../../support/dashboard-figures';
import { exactly, renderWithProviders, residentProfile } from '../../support/render';
import { router, RouterProbe } from '../../support/router-probe';
import { screenPathsOf } from '../screen-model-paths';

const paths = screenPathsOf('session');

/**
 * The re-check waits 100 ms after a route change; a lazy page is revealed some 300 ms after its
 * chunk arrives, and Testing Library runs the fake clock on while it waits for that page. Given a
 * minute here, the check becomes due only when a path says the delay passed.
 */
const recheckAfter = 60_000;

const site: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

/** The pages of the signed-in shell the resident moves between, and the sign-in page. */
const pages = {
  guide: { path: '/how-to-guide', heading: 'How to Guide', link: 'How to Guide' },
  dashboard: { path: '/', heading: 'Dashboard', link: 'Dashboard' },
  login: { path: '/login', heading: 'Sign in to Kerbside', link: null },
} as const;
type Page = keyof typeof pages;

/** The API host refusing every call with 401, as it does once the resident's token lapsed. */
const refusingAdapter: AxiosAdapter = (config) =>
  Promise.reject(
    new AxiosError(
      'Request failed with status code 401',
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      {
        status: 401,
        statusText: 'Unauthorized',
        data: { detail: 'Token expired.' },
        headers: {},
        config,
      },
    ),
  );

/** A call the app makes that the API host refuses: it goes through the app's API client. */
function refusedCall(): { settled: boolean } {
  const client = createApiClient({
    baseURL: 'http://api.test',
    getIdToken: async () => 'lapsed-token',
  });
  client.defaults.adapter = refusingAdapter;
  const call = { settled: false };
  void client.get(apiPaths.permits).then(
    () => {
      throw new Error('A refused call succeeded');
    },
    () => {
      call.settled = true;
    },
  );
  return call;
}

/**
 * The menu highlights an item on pointer down, a moment later, and selects the highlighted item on
 * release: two gestures, as a person makes them.
 */
async function chooseMenuItem(user: UserEvent, name: string) {
  const item = await screen.findByRole('menuitem', { name });
  await user.pointer({ keys: '[MouseLeft>]', target: item });
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  await user.pointer({ keys: '[/MouseLeft]', target: item });
}

/** Whether the app should have a call of `actorId` under way in `state`. */
function isCalling(actorId: string, state: AnyMachineSnapshot) {
  switch (actorId) {
    case 'fetchProfile':
      return (
        state.matches({ loading: 'fetchingProfile' }) ||
        state.matches({ signed_in: { validity: 'rechecking' } })
      );
    case 'refreshToken':
      return state.hasTag('recovering');
    default:
      return (
        state.matches({ signed_out: 'loggingOut' }) || state.matches({ invalid: 'loggingOut' })
      );
  }
}

/**
 * Plays a session path on the whole rendered app, started on the How to Guide: IDENTITY.CHANGED is
 * the identity provider reporting, LOGOUT is choosing Log out in the account menu, ROUTE.CHANGED
 * is following a navigation link (the guide and the dashboard in turn), AUTH.FAILED is a call the
 * API host refuses with 401, settling an actor is the fake provider or API answering, and the
 * re-check's delay is the clock moving on. Each state is checked by the page the resident is on
 * (spinner, sign-in page or shell), the avatar's initials, the "signed out" message, the refused
 * calls still waiting, and the calls to the provider and API host under way.
 */
function screenDriver(machine: typeof sessionMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const provided = machine.provide({
    actors: fakeSessionActors(controls),
    delays: { validityRecheck: recheckAfter },
  });
  let user: UserEvent;
  let page: Page = 'guide';
  let loggedOut = false;
  const refused: Array<{ settled: boolean }> = [];

  return {
    start() {
      ({ user } = renderWithProviders(
        <>
          <RouterProbe />
          <AppRoutes />
        </>,
        {
          route: pages.guide.path,
          machines: {
            session: provided,
            dashboard: dashboardFiguresOf({ profile: residentProfile, capInfo: null }),
            siteSettings: siteSettingsMachine.provide({
              actors: { loadSiteSettings: fromPromise(async () => site) },
            }),
          },
        },
      ));
    },
    async send(event) {
      switch (event.type) {
        case 'IDENTITY.CHANGED':
          return act(() => controls.sendFrom('identityListener', event));
        case 'LOGOUT':
          await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
          await chooseMenuItem(user, 'Log out');
          loggedOut = true;
          return;
        case 'ROUTE.CHANGED': {
          page = page === 'guide' ? 'dashboard' : 'guide';
          const navigation = screen.getByRole('navigation', { name: 'Main' });
          return user.click(within(navigation).getByRole('link', { name: pages[page].link! }));
        }
        case 'AUTH.FAILED':
          refused.push(refusedCall());
          // The refused call reaches the session once the client's interceptor hands it over.
          await waitFor(() => expect(controls.isRunning('refreshToken')).toBe(true));
          return;
        default:
          throw new Error(`The session driver has no gesture for "${event.type}"`);
      }
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    async elapse(delay) {
      if (delay !== 'validityRecheck') throw new Error(`The session has no delay "${delay}"`);
      await act(async () => jest.advanceTimersByTime(recheckAfter));
    },
    async expectState(state) {
      const status = toSessionStatus(state as Parameters<typeof toSessionStatus>[0]);
      if (status === 'signed_out' || status === 'invalid') page = 'login';
      if (status === 'signed_in' && page === 'login') {
        throw new Error('A sign-in on /login redirects, a route change the path does not send');
      }
      const shown = pages[page];
      const navigation = () => screen.queryByRole('navigation', { name: 'Main' });
      const spinner = () => screen.queryByRole('status', { name: 'Checking your session' });

      if (status === 'loading' && page !== 'login') {
        expect(
          await screen.findByRole('status', { name: 'Checking your session' }),
        ).toBeInTheDocument();
        // The page's frame: its heading over the spinner, without a signed-in resident's navigation.
        expect(screen.getByRole('heading', { level: 1, name: shown.heading })).toBeInTheDocument();
        expect(navigation()).not.toBeInTheDocument();
      } else {
        expect(
          await screen.findByRole('heading', { level: 1, name: shown.heading }),
        ).toBeInTheDocument();
        expect(spinner()).not.toBeInTheDocument();
      }
      await waitFor(() => expect(router.location.pathname).toBe(shown.path));

      if (status === 'signed_in') {
        const profile = state.context.profile as Profile | null;
        const initials = profile ? `${profile.first_name[0]}${profile.last_name[0]}` : 'U';
        expect(within(navigation()!).getByRole('link', { name: shown.link! })).toHaveAttribute(
          'aria-current',
          'page',
        );
        expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveTextContent(
          exactly(initials),
        );
      } else {
        expect(navigation()).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
      }
      // The resident who chose Log out is told so on the sign-in page.
      const signedOutNote = screen.queryByText('You have signed out.');
      if (loggedOut && page === 'login') expect(signedOutNote).toBeInTheDocument();
      else expect(signedOutNote).not.toBeInTheDocument();

      // A refused call waits while the token is refreshed, and then fails to its caller.
      await waitFor(() =>
        expect(refused.map((call) => call.settled)).toEqual(
          refused.map(() => !state.hasTag('recovering')),
        ),
      );
      for (const actorId of ['fetchProfile', 'refreshToken', 'logout']) {
        expect([actorId, controls.isRunning(actorId)]).toEqual([
          actorId,
          isCalling(actorId, state),
        ]);
      }
    },
  };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  // Chakra's menu starts listening for the pointer in a microtask, which must stay real.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
  warn.mockRestore();
});

describe('the app follows the session machine, every transition a resident can meet', () => {
  testEveryModelPath(sessionMachine, paths, () => screenDriver(sessionMachine));

  // A 401/403 profile taken for a network failure: the resident would stay in the shell.
  const throughInvalid = paths.filter((path) =>
    path.steps.some(({ state }) => state.matches('invalid')),
  );

  it('has paths into a disabled account', () => {
    expect(throughInvalid.length).toBeGreaterThan(0);
  });

  it.each(throughInvalid.slice(0, 3).map((path) => [describePath(path), path] as const))(
    'catches an app that keeps a disabled account signed in, on the path to %s',
    async (_, path) => {
      const broken = sessionMachine.provide({ guards: { isAccountRejected: () => false } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow();
    },
  );
});
