/** The API host's endpoints (spec section 7), relative to its base URL. */
export const apiPaths = {
  login: '/api/v1/auth/login/',
  register: '/api/v1/auth/register/',
  logout: '/api/v1/auth/logout/',
  profile: '/api/v1/auth/profile/',
  siteSettings: '/api/v1/site-settings/',
  permits: '/api/v1/permits/',
} as const;
