import { assign, fromPromise, setup } from 'xstate';
import type { SiteSettings } from '../contract/site-settings';
import type { ConnectionEvent } from './connection-events';
import { missingImplementation } from './missing-implementation';

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
 * The site's settings, loaded for a signed-in session and read by Add Permit, My Permits and the
 * guide. A failure never stops the resident: the fallback applies instead. The fallback is not
 * kept for good: an app opened without a signal would otherwise hide the site's scheduling and
 * reference label, and offer an end a site with an automatic end ignores, for as long as it
 * stays open. They are asked for again when the browser is back online.
 */
export const siteSettingsMachine = setup({
  types: {
    context: {} as SiteSettingsContext,
    events: {} as ConnectionEvent,
  },
  actors: {
    loadSiteSettings: fromPromise<SiteSettings, void>(async () =>
      missingImplementation('siteSettings', 'actor', 'loadSiteSettings'),
    ),
  },
  actions: {
    keepSettings: assign((_, params: { settings: SiteSettings }) => ({
      settings: params.settings,
    })),
  },
}).createMachine({
  id: 'siteSettings',
  description: "The site's settings, loaded for the signed-in pages.",
  context: { settings: null },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The site settings are on their way; screens that need them show a spinner until the first answer.',
      invoke: {
        id: 'loadSiteSettings',
        src: 'loadSiteSettings',
        onDone: {
          target: 'ready',
          description: 'The API host answered with the site settings.',
          actions: {
            type: 'keepSettings',
            params: ({ event }) => ({ settings: event.output }),
          },
        },
        // A site-settings failure is ignored: the screens go on without the optional extras.
        onError: {
          target: 'fellBack',
          description: 'The call failed: the fallback settings apply, and nothing is shown.',
          actions: { type: 'keepSettings', params: { settings: fallbackSiteSettings } },
        },
      },
    },
    fellBack: {
      description: 'The fallback settings apply until the host answers.',
      on: {
        'CONNECTION.BACK': {
          target: 'loading',
          description:
            'The browser is online again: the settings are asked for again, the fallback applying meanwhile.',
        },
      },
    },
    ready: {
      type: 'final',
      description: 'The settings are known for the rest of the session.',
    },
  },
});
