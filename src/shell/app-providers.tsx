import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import type { Clock } from '../../machines/clock';
import { LanguageSyncWhenSignedIn } from '../i18n/language-sync-when-signed-in';
import { i18n } from '../i18n/i18n';
import { AppMachinesProvider, type MachineOverrides } from './app-machines';
import { SessionProvider } from './session-provider';
import { appSystem } from './system';

/**
 * The language, the design system, the machines' side effects and the app-wide session actor
 * (with a signed-in resident's language kept on the host). Tests render with
 * the same providers, handing their fakes in as `machines` and their fixed time as `clock`.
 */
export function AppProviders({
  children,
  machines,
  clock,
}: {
  children: ReactNode;
  machines?: MachineOverrides;
  clock?: Clock;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={appSystem()}>
        <AppMachinesProvider overrides={machines} clock={clock}>
          <SessionProvider>
            <LanguageSyncWhenSignedIn />
            {children}
          </SessionProvider>
        </AppMachinesProvider>
      </ChakraProvider>
    </I18nProvider>
  );
}
