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
