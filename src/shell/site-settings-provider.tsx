import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SiteSettings } from '../../contract/site-settings';
import { siteSettingsMachine } from '../../machines/site-settings-machine';
import { useAppMachine } from './app-machines';
import { inspect } from './inspector';
import { siteSettingsActors } from './site-settings-actors';

const SiteSettingsContext = createActorContext(siteSettingsMachine);

/**
 * Loads the site's settings once for the signed-in part of the app: the layout that holds it is
 * mounted from sign-in to sign-out, so every screen under it shares one answer.
 */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const logic = useAppMachine('siteSettings', siteSettingsMachine, siteSettingsActors);
  return (
    <SiteSettingsContext.Provider logic={logic} options={{ inspect }}>
      {children}
    </SiteSettingsContext.Provider>
  );
}

/** The site's settings (or the fallback when they could not be had); null while they load. */
export function useSiteSettings(): SiteSettings | null {
  return SiteSettingsContext.useSelector((snapshot) => snapshot.context.settings);
}
