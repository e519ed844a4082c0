import { configure, render, screen, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import type { IdentityUser } from '../../machines/auth/shared/identity-user';
import type { Profile } from '../../contract/auth';
import { sessionMachine } from '../../machines/session-machine';
import { ApiError } from '../../src/api/api-error';
import { languageActors } from '../../src/i18n/language-actors';
import type { KerbsideConfig } from '../../src/config';
import type { Clock } from '../../machines/clock';
import type { MachineOverrides } from '../../src/shell/app-machines';
import { AppProviders } from '../../src/shell/app-providers';
import { SiteSettingsProvider } from '../../src/shell/site-settings-provider';
import type { SiteSettings } from '../../contract/site-settings';
import { FlashMessageProvider } from '../../src/shell/flash-message-provider';
import { siteSettingsMachine } from '../../machines/site-settings-machine';
import { visitorPassListMachine } from '../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { languageMachine } from '../../machines/language/language-machine';
import { dashboardFiguresOf } from './dashboard-figures';

/**
 * The visitor passes a screen meets unless its test fakes them: a host without the capability
 * (GET /api/v1/visitor-passes/ answers 404), so My Permits shows nothing about them and sends no
 * request from jsdom.
 */
const hostWithoutVisitorPasses = visitorPassListMachine.provide({
  actors: {
    listVisitorPasses: fromPromise(() =>
      Promise.reject(new ApiError('Not Found', { status: 404 })),
    ),
  },
});

/**
 * A host that does not keep the resident's language (answering 404), unless a test gives one: the
 * choice then stays on the device, shown at once.
 */
const hostWithoutLanguages = languageMachine.provide({
  actors: {
    readFromHost: fromPromise(() => Promise.reject(new ApiError('Not Found', { status: 404 }))),
    saveOnHost: fromPromise(() => Promise.reject(new ApiError('Not Found', { status: 404 }))),
  },
  actions: languageActors.actions,
});

/** Where the API client points unless a test brings a host stand-in: nothing listens there. */
const noApiHost = 'http://127.0.0.1:1';

/**
 * The dashboard's figures (the allowance on Add Permit and the Dashboard) where no API host
 * stands behind the test: none, as every call to `noApiHost` fails, without the three refused
 * connections and console warnings each render made (a third of a clean-clone run's log).
 */
const dashboardWithoutHost = dashboardFiguresOf({ profile: null, capInfo: null });

/** The runtime configuration every web test runs with (what `public/config.js` gives the page). */
export const testConfig: KerbsideConfig = {
  apiBaseUrl: noApiHost,
  firebase: { apiKey: 'test-api-key', authDomain: 'localhost', projectId: 'demo-kerbside' },
  authEmulatorUrl: null,
  appName: 'Kerbside',
  supportEmail: 'support@kerbside.test',
};
window.__KERBSIDE_CONFIG__ = testConfig;

// Screens load as lazy chunks and forms re-render on every keystroke: on a busy two-core machine
// the defaults (1 s to find an element, 5 s a test) are too tight.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

export const residentProfile: Profile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.test',
  active_registrations: 1,
  permit_limit: 5,
};

/**
 * The session a test starts in. `signed_in` without a profile means the profile could not be
 * fetched (the user stays signed in, docs/contract.md §4); `invalid` means the profile answered 403.
 */
export type SessionSetup =
  | { status: 'loading' }
  | { status: 'signed_out' }
  | { status: 'signed_in'; profile: Profile | null }
  | { status: 'invalid' };

const resident: IdentityUser = {
  uid: 'resident-1',
  email: residentProfile.email,
  emailVerified: true,
};

/** The real session machine, with a fake identity provider and API that produce `setup`. */
function sessionMachineFor(setup: SessionSetup) {
  return sessionMachine.provide({
    actors: {
      identityListener: fromCallback(({ sendBack }) => {
        if (setup.status === 'loading') return;
        sendBack({
          type: 'IDENTITY.CHANGED',
          user: setup.status === 'signed_out' ? null : resident,
        });
      }),
      fetchProfile: fromPromise(async () => {
        if (setup.status === 'invalid') throw new ApiError('Forbidden', { status: 403 });
        if (setup.status !== 'signed_in' || setup.profile === null) {
          throw new ApiError('Network Error');
        }
        return setup.profile;
      }),
      refreshToken: fromPromise(async () => {}),
      logout: fromPromise(async () => {}),
    },
  });
}

/**
 * Renders `ui` as the app does: Chakra, the app's machines (the session with fake actors, see
 * `SessionSetup`, and any `machines` the test overrides) and a memory router at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    session = { status: 'signed_out' },
    machines = {},
    clock,
    siteSettings,
    browserHistory = false,
    ...options
  }: {
    route?: string;
    session?: SessionSetup;
    /** The machines the test runs with fake side effects, by name (the app's one seam). */
    machines?: MachineOverrides;
    /** Where the screens read "now"; the device clock when left out. */
    clock?: Clock;
    /**
     * What GET /api/v1/site-settings/ answers, for a screen rendered without the signed-in
     * layout that loads them (a rejection is a failed call).
     */
    siteSettings?: SiteSettings | Promise<SiteSettings>;
    /** The app's own router, on the window's history (at `route`), rather than one in memory. */
    browserHistory?: boolean;
  } & Omit<RenderOptions, 'wrapper'> = {},
) {
  const hostless = (window.__KERBSIDE_CONFIG__ as KerbsideConfig).apiBaseUrl === noApiHost;
  const overrides: MachineOverrides = {
    session: sessionMachineFor(session),
    // A test that points the app at a host stand-in gets the dashboard's real calls to it.
    ...(hostless && { dashboard: dashboardWithoutHost }),
    visitorPassList: hostWithoutVisitorPasses,
    language: hostWithoutLanguages,
    ...(siteSettings && {
      siteSettings: siteSettingsMachine.provide({
        actors: { loadSiteSettings: fromPromise(() => Promise.resolve(siteSettings)) },
      }),
    }),
    ...machines,
  };
  if (browserHistory) window.history.replaceState(null, '', route);
  function Wrapper({ children }: { children: ReactNode }) {
    const flashed = <FlashMessageProvider>{children}</FlashMessageProvider>;
    const routed = browserHistory ? (
      <BrowserRouter>{flashed}</BrowserRouter>
    ) : (
      <MemoryRouter initialEntries={[route]}>{flashed}</MemoryRouter>
    );
    return (
      <AppProviders machines={overrides} clock={clock}>
        {siteSettings ? <SiteSettingsProvider>{routed}</SiteSettingsProvider> : routed}
      </AppProviders>
    );
  }
  return {
    user: userEvent.setup({ delay: null }),
    ...render(ui, { wrapper: Wrapper, ...options }),
  };
}

/** For `toHaveTextContent`, which otherwise accepts any text that merely contains `text`. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * The heading of a signed-in page once its screen is shown. While the session is checked the
 * page's frame already shows the heading (src/shell/session-check-layout.tsx), so the heading
 * alone does not say that the screen is there: the session's spinner must have gone too.
 */
export async function findScreenHeading(name: string): Promise<HTMLElement> {
  // Up to 5 s, not the default 1 s: the first screen a suite shows loads its modules, which Jest
  // compiles and runs then, and on a loaded two-core machine that alone passed a second (the
  // shell's first test failed so in a run beside a browser suite, 28 November).
  await waitFor(
    () =>
      expect(
        screen.queryByRole('status', { name: 'Checking your session' }),
      ).not.toBeInTheDocument(),
    { timeout: 5_000 },
  );
  return screen.findByRole('heading', { level: 1, name });
}
