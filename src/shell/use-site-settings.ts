import { useEffect, useState } from 'react';
import { fallbackSiteSettings } from '../../machines/permits/add-permit-machine';
import type { SiteSettings } from '../../contract/site-settings';

/**
 * The site's settings, null until `load` answers. A failure is ignored (spec sections 3 and 8):
 * the screen goes on with the fallback (no reference label, no scheduling, automatic end 0).
 */
export function useSiteSettings(load: () => Promise<SiteSettings>): SiteSettings | null {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => {
        if (current) setSettings(loaded);
      },
      () => {
        if (current) setSettings(fallbackSiteSettings);
      },
    );
    return () => {
      current = false;
    };
  }, [load]);
  return settings;
}
