import { fromPromise } from 'xstate';
import type { Language, languageMachine } from '../../machines/language/language-machine';
import { languageApi } from '../api/api-modules';
import { activateLanguage } from './activate-language';
import { keepLanguageOnDevice, markLanguageSent } from './languages';
import type { ImplementationsOf } from '../shell/app-machines';

declare module '../shell/app-machines' {
  interface AppMachines {
    language: typeof languageMachine;
  }
}

/** The language's side effects: the page's texts, the device's storage and the host's capability. */
export const languageActors: ImplementationsOf<typeof languageMachine> = {
  actors: {
    readFromHost: fromPromise(async () => (await languageApi()).getLanguage()),
    saveOnHost: fromPromise(async ({ input }: { input: Language }) =>
      (await languageApi()).putLanguage(input),
    ),
  },
  actions: {
    showAndKeep: (_, { language }) => {
      keepLanguageOnDevice(language, false);
      void activateLanguage(language);
    },
    markSent: markLanguageSent,
  },
};
