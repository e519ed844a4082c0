/**
 * The API host's calls, loaded on first use: they bring axios (about 21 KB gzip), which a
 * signed-out resident's /login needs only once the form is sent (docs/performance.md). A
 * resident's calls share one chunk, `api-calls`: as chunks of their own, each carried its own copy
 * of the client, the paths and the contract's schemas they share, and My Permits, which uses
 * nearly all of them, loaded five copies (7.6 KB gzip more, three more requests). A visitor's
 * booking (/visit/<token>) needs none of them, so its call stays apart.
 */
export const authApi = () => import(/* webpackChunkName: "api-calls" */ './auth-api');
export const permitsApi = () => import(/* webpackChunkName: "api-calls" */ './permits-api');
export const emailPreferencesApi = () =>
  import(/* webpackChunkName: "api-calls" */ './email-preferences-api');
export const emailVerificationApi = () =>
  import(/* webpackChunkName: "api-calls" */ './email-verification-api');
export const languageApi = () => import(/* webpackChunkName: "api-calls" */ './language-api');
export const siteSettingsApi = () =>
  import(/* webpackChunkName: "api-calls" */ './site-settings-api');
export const visitorPassesApi = () =>
  import(/* webpackChunkName: "api-calls" */ './visitor-passes-api');
export const visitorBookingApi = () => import('./visitor-booking-api');

/**
 * Starts loading the calls a signed-in page makes first (the profile, the site's settings, the
 * permits), for src/main.tsx on a device where someone is signed in: loaded on first use, their
 * chunk would cost a round trip before the first call.
 */
export function preloadSignedInCalls(): void {
  for (const load of [authApi, siteSettingsApi, permitsApi]) void load().catch(() => undefined);
}
