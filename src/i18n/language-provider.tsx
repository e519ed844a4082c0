import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { languageMachine } from '../../machines/language/language-machine';
import { languageOnDevice } from './languages';
import { useAppMachine } from '../shell/app-machines';
import { inspect } from '../shell/inspector';
import { SessionContext } from '../shell/session-context';
import { languageActors } from './language-actors';

/** The one app-wide language actor (machines/language/language-machine.ts). */
export const LanguageContext = createActorContext(languageMachine);

/** Tells the language actor when a resident signs in or out, so their choice follows them. */
function SessionBridge() {
  const language = LanguageContext.useActorRef();
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.matches('signed_in'));
  useEffect(() => {
    language.send({ type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' });
  }, [language, signedIn]);
  return null;
}

/**
 * Provides the language actor, starting from the device's choice (src/shell/start-app.tsx shows
 * it before the first render).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const logic = useAppMachine('language', languageMachine, languageActors);
  return (
    <LanguageContext.Provider logic={logic} options={{ input: languageOnDevice(), inspect }}>
      <SessionBridge />
      {children}
    </LanguageContext.Provider>
  );
}
