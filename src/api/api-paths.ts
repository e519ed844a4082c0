/** The API host's endpoints (docs/contract.md §7), relative to its base URL. */
export const apiPaths = {
  login: '/api/v1/auth/login/',
  register: '/api/v1/auth/register/',
  logout: '/api/v1/auth/logout/',
  profile: '/api/v1/auth/profile/',
  changePassword: '/api/v1/auth/change-password/',
  passwordReset: '/api/v1/auth/password-reset/',
  passwordResetConfirm: '/api/v1/auth/password-reset-confirm/',
  siteSettings: '/api/v1/site-settings/',
  permits: '/api/v1/permits/',
  permitCapInfo: '/api/v1/permits/permit_cap_info/',
  emailPreferences: '/api/v1/me/email-preferences/',
  emailVerification: '/api/v1/me/email-verification/',
  language: '/api/v1/me/language/',
  permitAction: (id: number, action: 'activate' | 'cancel' | 'full_update') =>
    `/api/v1/permits/${id}/${action}/`,
  visitorPasses: '/api/v1/visitor-passes/',
  withdrawVisitorPass: (id: number) => `/api/v1/visitor-passes/${id}/withdraw/`,
  visit: (token: string) => `/api/v1/visitor-passes/visit/${encodeURIComponent(token)}/`,
  bookVisit: (token: string) => `/api/v1/visitor-passes/visit/${encodeURIComponent(token)}/book/`,
  visitBooking: (token: string, referenceNo: string) =>
    `/api/v1/visitor-passes/visit/${encodeURIComponent(token)}/bookings/${encodeURIComponent(referenceNo)}/`,
} as const;
