import { i18n } from '../i18n/i18n';
import { pathOf, paths, type Path } from './pages';

/**
 * What each route's page is called in the browser's title and tab, before " – Kerbside". English
 * ids (lingui.config.ts), translated by `pageTitle`.
 */
export const pageTitles: Record<(typeof paths)[keyof typeof paths], string> = {
  [paths.dashboard]: /*i18n*/ 'Dashboard',
  [paths.addPermit]: /*i18n*/ 'Add a permit',
  [paths.myPermits]: /*i18n*/ 'My permits',
  [paths.guide]: /*i18n*/ 'How-to guide',
  [paths.settings]: /*i18n*/ 'Settings',
  [paths.changePassword]: /*i18n*/ 'Change password',
  [paths.login]: /*i18n*/ 'Sign in',
  [paths.register]: /*i18n*/ 'Create your account',
  [paths.forgotPassword]: /*i18n*/ 'Forgot password',
  [paths.resetPassword]: /*i18n*/ 'Reset password',
  [paths.visitorPasses]: /*i18n*/ 'Visitor passes',
  [paths.sendVisitorPass]: /*i18n*/ 'Send a visitor pass',
  [paths.visit]: /*i18n*/ 'Book visitor parking',
  [paths.accessibility]: /*i18n*/ 'Accessibility statement',
};

/**
 * The document title of the page at `pathname` ("Add a permit – Kerbside"), or of the state its
 * screen names (`stateTitle`, an English id), with GOV.UK's prefix "Error: " while an error shows,
 * in the language shown (`i18n.locale`).
 */
export function pageTitle(
  pathname: string,
  appName: string,
  problem: boolean,
  stateTitle: string | null = null,
): string {
  const path = pathOf(Object.keys(pageTitles) as Path[], pathname);
  const page = stateTitle ?? (path ? pageTitles[path] : null);
  const title = page ? i18n._('{page} – {appName}', { page: i18n._(page), appName }) : appName;
  return problem ? i18n._('Error: {title}', { title }) : title;
}

/**
 * The heading a signed-in page opens with (./page-header.tsx), where that heading is the same for
 * every resident. The page's frame shows it from the first paint, while the session is checked
 * (./session-check-layout.tsx), so a phone draws the page's largest words before its JavaScript
 * has run. English ids, translated where shown (./page-header.tsx).
 */
export const pageHeadings = {
  [paths.dashboard]: /*i18n*/ 'Dashboard',
  [paths.myPermits]: /*i18n*/ 'My Permits',
  [paths.guide]: /*i18n*/ 'How to Guide',
  [paths.settings]: /*i18n*/ 'Settings',
  [paths.visitorPasses]: /*i18n*/ 'Visitor passes',
} as const;

/** A page whose heading `pageHeadings` gives. */
export type HeadedPath = keyof typeof pageHeadings;

/** Whether `pageHeadings` gives the heading of the page at `pathname`. */
export function isHeadedPath(pathname: string): pathname is HeadedPath {
  return pathname in pageHeadings;
}
