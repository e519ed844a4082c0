/** Every call of docs/contract.md §7, as `METHOD path`. */
export const specCalls = [
  'POST /api/v1/auth/login/',
  'POST /api/v1/auth/register/',
  'POST /api/v1/auth/logout/',
  'GET /api/v1/auth/profile/',
  'POST /api/v1/auth/change-password/',
  'POST /api/v1/auth/password-reset/',
  'POST /api/v1/auth/password-reset-confirm/',
  'GET /api/v1/permits/permit_cap_info/',
  'GET /api/v1/site-settings/',
  'POST /api/v1/permits/',
  'GET /api/v1/permits/',
  'POST /api/v1/permits/{id}/activate/',
  'POST /api/v1/permits/{id}/cancel/',
  'PATCH /api/v1/permits/{id}/full_update/',
] as const;
