import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SiteSettings } from '../../contract/site-settings';
import { siteSettingsMachine } from '../../machines/site-settings-machine';
import { useAppMachine } from './app-machines';
import { inspect } from './inspector';
import { siteSettingsActors } from './site-settings-actors';
import { useConnectionEvents } from '../shared/use-connection-events';

const SiteSettingsContext = createActorContext(siteSettingsMachine);

/**
 * Loads the site's settings for the signed-in part of the app: the layout that holds it is
 * mounted from sign-in to sign-out, so every screen under it shares one answer.
 */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const logic = useAppMachine('siteSettings', siteSettingsMachine, siteSettingsActors);
  return (
    <SiteSettingsContext.Provider logic={logic} options={{ inspect }}>
      <AskAgainWhenOnline />
      {children}
    </SiteSettingsContext.Provider>
  );
}

/** Settings that fell back are asked for again when the browser is back online. */
function AskAgainWhenOnline() {
  useConnectionEvents(SiteSettingsContext.useActorRef());
  return null;
}

/** The site's settings (or the fallback when they could not be had); null while they load. */
export function useSiteSettings(): SiteSettings | null {
  return SiteSettingsContext.useSelector((snapshot) => snapshot.context.settings);
}
