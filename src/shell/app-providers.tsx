import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { sessionMachine } from '../../machines/session-machine';
import { SessionProvider } from './session-provider';
import { system } from './system';

/** The design system and the app-wide session actor; tests render with the same providers. */
export function AppProviders({
  children,
  sessionLogic,
}: {
  children: ReactNode;
  /** Replaces the live session machine (tests give it fake actors). */
  sessionLogic?: typeof sessionMachine;
}) {
  return (
    <ChakraProvider value={system}>
      <SessionProvider logic={sessionLogic}>{children}</SessionProvider>
    </ChakraProvider>
  );
}
