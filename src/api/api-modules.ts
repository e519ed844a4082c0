/**
 * The API host's calls, each module loaded on first use: they bring axios (about 21 KB gzip),
 * which a signed-out resident's /login needs only once the form is sent (docs/performance.md).
 */
export const authApi = () => import('./auth-api');
export const permitsApi = () => import('./permits-api');
export const emailPreferencesApi = () => import('./email-preferences-api');
export const emailVerificationApi = () => import('./email-verification-api');
export const languageApi = () => import('./language-api');
export const siteSettingsApi = () => import('./site-settings-api');
export const visitorPassesApi = () => import('./visitor-passes-api');
export const visitorBookingApi = () => import('./visitor-booking-api');

/**
 * Starts loading the calls a signed-in page makes first (the profile, the site's settings, the
 * permits), for src/main.tsx on a device where someone is signed in: each is a chunk of its own,
 * and loaded on first use it would cost a round trip before its call.
 */
export function preloadSignedInCalls(): void {
  for (const load of [authApi, siteSettingsApi, permitsApi]) void load().catch(() => undefined);
}
