/** Every route of docs/contract.md §2, in one place. */
export const paths = {
  dashboard: '/',
  addPermit: '/add-permit',
  myPermits: '/my-permits',
  guide: '/how-to-guide',
  settings: '/settings',
  changePassword: '/settings/change-password',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  accessibility: '/accessibility',
} as const;

export type Path = (typeof paths)[keyof typeof paths];

/** The pages for a resident who is not signed in (a signed-in one is sent on from them). */
export const signedOutPaths: readonly Path[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
];

/** The pages a resident sees only once the session has said who is signed in. */
export const signedInPaths: readonly Path[] = [
  paths.dashboard,
  paths.addPermit,
  paths.myPermits,
  paths.guide,
  paths.settings,
  paths.changePassword,
];

/** Whether `pathname` is one of `pages`. */
export function isOneOf(pages: readonly Path[], pathname: string): boolean {
  return (pages as readonly string[]).includes(pathname);
}
