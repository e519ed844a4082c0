import { fromPromise } from 'xstate';
import type { siteSettingsMachine } from '../../machines/site-settings-machine';
import { siteSettingsApi } from '../api/api-modules';
import type { ImplementationsOf } from './app-machines';

declare module './app-machines' {
  interface AppMachines {
    siteSettings: typeof siteSettingsMachine;
  }
}

/** GET /api/v1/site-settings/, once for the signed-in part of the app. */
export const siteSettingsActors: ImplementationsOf<typeof siteSettingsMachine> = {
  actors: {
    loadSiteSettings: fromPromise(async () => (await siteSettingsApi()).getSiteSettings()),
  },
};
