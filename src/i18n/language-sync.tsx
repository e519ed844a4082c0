import { useEffect } from 'react';
import { languageMachine } from '../../machines/language/language-machine';
import { useAppActor } from '../shell/app-machines';
import { languageActors } from './language-actors';
import { tellHostOfChoices } from './language-choice';
import { languageOnDevice } from './languages';

/**
 * A signed-in resident's language on the API host (machines/language/language-machine.ts), for as
 * long as they are signed in: ./language-sync-when-signed-in.tsx loads it then, so /login carries
 * none of it.
 */
export default function LanguageSync() {
  const language = useAppActor('language', languageMachine, languageActors, {
    input: languageOnDevice(),
  });
  useEffect(
    () => tellHostOfChoices((chosen) => language.send({ type: 'CHOOSE', language: chosen })),
    [language],
  );
  return null;
}
