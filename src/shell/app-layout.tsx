import { useCallback, useContext, useState } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RoutedPage } from './routed-page';
import { ScreenShownContext } from './screen-shown';
import { ShellFrame } from './shell-frame';
import { SiteSettingsProvider } from './site-settings-provider';

/**
 * The signed-in shell: navbar, the current page, footer, and the site settings they share. The
 * footer joins once the first screen is shown: drawn beside the spinner of a screen still loading,
 * it stood at the foot of a phone's screen until My Permits' list pushed it below (a layout shift,
 * test/browser/offline-app.test.ts); added after the screen, it moves nothing.
 */
export function AppLayout() {
  const [screenShown, setScreenShown] = useState(false);
  const tellStart = useContext(ScreenShownContext);
  const shown = useCallback(() => {
    tellStart?.();
    setScreenShown(true);
  }, [tellStart]);
  return (
    <SiteSettingsProvider>
      <ScreenShownContext.Provider value={shown}>
        <ShellFrame header={<Navbar />} footer={screenShown ? <Footer /> : undefined}>
          <RoutedPage />
        </ShellFrame>
      </ScreenShownContext.Provider>
    </SiteSettingsProvider>
  );
}
