import type { ComponentType } from 'react';

/**
 * Who may see a page: a resident who is not signed in (one who is is sent on), one the session
 * has said is signed in, or anyone: `open` in the signed-in shell when signed in (the
 * accessibility statement), `anyone` always in the public frame, without waiting for the session
 * (a visitor's page, opened from a link on any browser, signed in on it or not).
 */
export type PageAccess = 'signedOut' | 'signedIn' | 'open' | 'anyone';

interface Page {
  /** The page's path; a segment `:name` stands for any one segment (`/visit/:token`). */
  path: string;
  access: PageAccess;
  /**
   * Loads the page's screen, a chunk of its own named "screen" and its path's words
   * ("screen-my-permits"; the dashboard's "screen-dashboard"; a parameter's segment left out,
   * "screen-visit"): the build asks for the chunks of a page it renders in advance from that
   * page's HTML (webpack.config.ts, `screenChunkName`).
   */
  loadScreen: () => Promise<ComponentType>;
}

/**
 * Every page of docs/contract.md §2: its path, who may see it and its screen. A flow's page is one
 * entry here; the router (src/shell/routes.tsx) and every link read it.
 */
export const pages = {
  dashboard: {
    path: '/',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-dashboard" */ '../features/dashboard/dashboard-screen'
      ).then((module) => module.DashboardScreen),
  },
  addPermit: {
    path: '/add-permit',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-add-permit" */ '../features/permits/add-permit/add-permit-screen'
      ).then((module) => module.AddPermitScreen),
  },
  myPermits: {
    path: '/my-permits',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-my-permits" */ '../features/permits/my-permits/my-permits-screen'
      ).then((module) => module.MyPermitsScreen),
  },
  guide: {
    path: '/how-to-guide',
    access: 'signedIn',
    loadScreen: () =>
      import(/* webpackChunkName: "screen-how-to-guide" */ '../features/guide/guide-screen').then(
        (module) => module.GuideScreen,
      ),
  },
  settings: {
    path: '/settings',
    access: 'signedIn',
    loadScreen: () =>
      import(/* webpackChunkName: "screen-settings" */ '../features/settings/settings-screen').then(
        (module) => module.SettingsScreen,
      ),
  },
  changePassword: {
    path: '/settings/change-password',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-settings-change-password" */ '../features/settings/change-password/change-password-screen'
      ).then((module) => module.ChangePasswordScreen),
  },
  login: {
    path: '/login',
    access: 'signedOut',
    loadScreen: () =>
      import(/* webpackChunkName: "screen-login" */ '../features/auth/login/login-screen').then(
        (module) => module.LoginScreen,
      ),
  },
  register: {
    path: '/register',
    access: 'signedOut',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-register" */ '../features/auth/register/register-screen'
      ).then((module) => module.RegisterScreen),
  },
  forgotPassword: {
    path: '/forgot-password',
    access: 'signedOut',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-forgot-password" */ '../features/auth/forgot-password/forgot-password-screen'
      ).then((module) => module.ForgotPasswordScreen),
  },
  resetPassword: {
    path: '/reset-password',
    access: 'signedOut',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-reset-password" */ '../features/auth/reset-password/reset-password-screen'
      ).then((module) => module.ResetPasswordScreen),
  },
  visitorPasses: {
    path: '/visitor-passes',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-visitor-passes" */ '../features/visitor-passes/visitor-pass-list/visitor-passes-screen'
      ).then((module) => module.VisitorPassesScreen),
  },
  sendVisitorPass: {
    path: '/visitor-passes/new',
    access: 'signedIn',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-visitor-passes-new" */ '../features/visitor-passes/visitor-pass/send-visitor-pass-screen'
      ).then((module) => module.SendVisitorPassScreen),
  },
  visit: {
    path: '/visit/:token',
    access: 'anyone',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-visit" */ '../features/visitor-passes/visitor-booking/visitor-booking-screen'
      ).then((module) => module.VisitorBookingScreen),
  },
  accessibility: {
    path: '/accessibility',
    access: 'open',
    loadScreen: () =>
      import(
        /* webpackChunkName: "screen-accessibility" */ '../features/accessibility/accessibility-statement-screen'
      ).then((module) => module.AccessibilityStatementScreen),
  },
} as const satisfies Record<string, Page>;

type PageName = keyof typeof pages;

/** Each page's path by its name, for links and redirects: `paths.myPermits`. */
export const paths = Object.fromEntries(
  Object.entries(pages).map(([name, page]) => [name, page.path]),
) as { readonly [Name in PageName]: (typeof pages)[Name]['path'] };

export type Path = (typeof paths)[PageName];

function pathsFor(access: PageAccess): readonly Path[] {
  return Object.values(pages)
    .filter((page) => page.access === access)
    .map((page) => page.path);
}

/** The pages for a resident who is not signed in (a signed-in one is sent on from them). */
export const signedOutPaths = pathsFor('signedOut');

/** The pages a resident sees only once the session has said who is signed in. */
export const signedInPaths = pathsFor('signedIn');

/** The pages anyone may see, signed in or not, in the signed-in shell when signed in. */
export const openPaths = pathsFor('open');

/** The pages anyone may see, signed in or not, always without the signed-in shell. */
export const anyonePaths = pathsFor('anyone');

/** Whether `pathname` is the page at `path`, whose `:name` segments stand for any one segment. */
export function isPathOf(path: string, pathname: string): boolean {
  const wanted = path.split('/');
  const given = pathname.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) =>
      segment.startsWith(':') ? given[index] !== '' : segment === given[index],
    )
  );
}

/** The page of `among` that `pathname` is, if any. */
export function pathOf(among: readonly Path[], pathname: string): Path | undefined {
  return among.find((path) => isPathOf(path, pathname));
}

/** Whether `pathname` is one of `among`. */
export function isOneOf(among: readonly Path[], pathname: string): boolean {
  return pathOf(among, pathname) !== undefined;
}
