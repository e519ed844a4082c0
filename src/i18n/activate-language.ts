import type { Language } from '../../machines/language/language-machine';
import { i18n } from './i18n';

/**
 * Makes `language` the one every text is shown in, and the page's `lang`. English is written in
 * the code, so only Welsh loads a catalogue, in a chunk of its own, and only when chosen.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'cy') {
    const { messages } = await import(/* webpackChunkName: "welsh" */ '../../locales/cy/app');
    i18n.load('cy', messages);
  } else {
    i18n.load('en', {});
  }
  i18n.activate(language);
  // English as public/index.html has it.
  document.documentElement.lang = language === 'cy' ? 'cy' : 'en-GB';
}
