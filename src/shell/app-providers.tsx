import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Clock } from '../../machines/clock';
import { AppMachinesProvider, type MachineOverrides } from './app-machines';
import { SessionProvider } from './session-provider';
import { appSystem } from './system';

/**
 * The design system, the machines' side effects and the app-wide session actor. Tests render with
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
    <ChakraProvider value={appSystem()}>
      <AppMachinesProvider overrides={machines} clock={clock}>
        <SessionProvider>{children}</SessionProvider>
      </AppMachinesProvider>
    </ChakraProvider>
  );
}
