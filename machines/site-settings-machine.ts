import { assign, fromPromise, setup } from 'xstate';
import type { SiteSettings } from '../contract/site-settings';
import { notProvided } from './not-provided';

/**
 * The settings the app uses when GET /api/v1/site-settings/ fails (docs/contract.md §3, "Site
 * settings"): no reference label, no scheduling, and the resident picks the end.
 */
export const fallbackSiteSettings: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: false,
  default_end_date_limit_hours: 0,
};

export interface SiteSettingsContext {
  /** Null until the settings have loaded or fallen back. */
  settings: SiteSettings | null;
}

/**
 * The site's settings, loaded once for a signed-in session and read by Add Permit, My Permits and
 * the guide. A failure never stops the resident: the fallback applies instead.
 */
export const siteSettingsMachine = setup({
  types: { context: {} as SiteSettingsContext },
  actors: {
    loadSiteSettings: fromPromise<SiteSettings, void>(async () =>
      notProvided('siteSettings', 'actor', 'loadSiteSettings'),
    ),
  },
  actions: {
    useSettings: assign((_, params: { settings: SiteSettings }) => ({
      settings: params.settings,
    })),
  },
}).createMachine({
  id: 'siteSettings',
  context: { settings: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The site settings are on their way; screens that need them show a spinner.',
      invoke: {
        id: 'loadSiteSettings',
        src: 'loadSiteSettings',
        onDone: {
          target: 'ready',
          description: 'The API host answered with the site settings.',
          actions: { type: 'useSettings', params: ({ event }) => ({ settings: event.output }) },
        },
        // A site-settings failure is ignored: the screens go on without the optional extras.
        onError: {
          target: 'ready',
          description: 'The call failed: the fallback settings apply, and nothing is shown.',
          actions: { type: 'useSettings', params: { settings: fallbackSiteSettings } },
        },
      },
    },
    ready: {
      description: 'The settings (or the fallback) are known for the rest of the session.',
      type: 'final',
    },
  },
});
