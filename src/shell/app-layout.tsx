import { Footer } from './footer';
import { Navbar } from './navbar';
import { RoutedPage } from './routed-page';
import { ShellFrame } from './shell-frame';
import { SiteSettingsProvider } from './site-settings-provider';

/** The signed-in shell: navbar, the current page, footer, and the site settings they share. */
export function AppLayout() {
  return (
    <SiteSettingsProvider>
      <ShellFrame header={<Navbar />} footer={<Footer />}>
        <RoutedPage />
      </ShellFrame>
    </SiteSettingsProvider>
  );
}
