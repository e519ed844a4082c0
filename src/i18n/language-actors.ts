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
    // The language sent, once stored: the machine compares it with the one chosen since (a host
    // that answered with another would otherwise be sent the choice again and again).
    saveOnHost: fromPromise(async ({ input }: { input: Language }) => {
      await (await languageApi()).putLanguage(input);
      return input;
    }),
  },
  actions: {
    showAndKeep: (_, { language }) => {
      keepLanguageOnDevice(language, false);
      void activateLanguage(language);
    },
    markSent: markLanguageSent,
  },
};
