import type { SiteSettings } from '../contract/site-settings';
import { createLoadOnceMachine } from './load-once-machine';

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
export const siteSettingsMachine = createLoadOnceMachine({
  id: 'siteSettings',
  description: "The site's settings, loaded once for the signed-in pages.",
  types: { context: {} as SiteSettingsContext, loaded: {} as SiteSettings },
  context: { settings: null },
  load: {
    actor: 'loadSiteSettings',
    description: 'The site settings are on their way; screens that need them show a spinner.',
  },
  done: {
    target: 'ready',
    description: 'The API host answered with the site settings.',
    context: (settings) => ({ settings }),
  },
  // A site-settings failure is ignored: the screens go on without the optional extras.
  failed: {
    target: 'ready',
    description: 'The call failed: the fallback settings apply, and nothing is shown.',
    context: { settings: fallbackSiteSettings },
  },
  final: { ready: 'The settings (or the fallback) are known for the rest of the session.' },
});
