import { pathOf, paths, type Path } from './pages';

/** What each route's page is called in the browser's title and tab, before " – Kerbside". */
export const pageTitles: Record<(typeof paths)[keyof typeof paths], string> = {
  [paths.dashboard]: 'Dashboard',
  [paths.addPermit]: 'Add a permit',
  [paths.myPermits]: 'My permits',
  [paths.guide]: 'How-to guide',
  [paths.settings]: 'Settings',
  [paths.changePassword]: 'Change password',
  [paths.login]: 'Sign in',
  [paths.register]: 'Create your account',
  [paths.forgotPassword]: 'Forgot password',
  [paths.resetPassword]: 'Reset password',
  [paths.visitorPasses]: 'Visitor passes',
  [paths.sendVisitorPass]: 'Send a visitor pass',
  [paths.visit]: 'Book visitor parking',
  [paths.accessibility]: 'Accessibility statement',
};

/** GOV.UK's prefix of a page title while the page shows an error. */
export const problemTitlePrefix = 'There is a problem: ';

/**
 * The document title of the page at `pathname` ("Add a permit – Kerbside"), with the problem
 * prefix while an error shows.
 */
export function pageTitle(pathname: string, appName: string, problem: boolean): string {
  const path = pathOf(Object.keys(pageTitles) as Path[], pathname);
  const title = path ? `${pageTitles[path]} – ${appName}` : appName;
  return problem ? `${problemTitlePrefix}${title}` : title;
}

/**
 * The heading a signed-in page opens with (./page-header.tsx), where that heading is the same for
 * every resident. The page's frame shows it from the first paint, while the session is checked
 * (./session-check-layout.tsx), so a phone draws the page's largest words before its JavaScript
 * has run.
 */
export const pageHeadings = {
  [paths.dashboard]: 'Dashboard',
  [paths.myPermits]: 'My Permits',
  [paths.guide]: 'How to Guide',
  [paths.settings]: 'Settings',
  [paths.visitorPasses]: 'Visitor passes',
} as const;

/** A page whose heading `pageHeadings` gives. */
export type HeadedPath = keyof typeof pageHeadings;

/** Whether `pageHeadings` gives the heading of the page at `pathname`. */
export function isHeadedPath(pathname: string): pathname is HeadedPath {
  return pathname in pageHeadings;
}
