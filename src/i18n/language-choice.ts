import type { Language } from '../../machines/language/language-machine';
import { activateLanguage } from './activate-language';
import { keepLanguageOnDevice } from './languages';

/** Tells the API host of a choice, while a resident is signed in (./language-sync.tsx). */
let tellHost: ((language: Language) => void) | null = null;

/**
 * The resident chose `language` (the "Cymraeg" / "English" link): every text is shown in it at
 * once and the device keeps it, signed in or not; a signed-in resident's host is told too.
 */
export function chooseLanguage(language: Language): void {
  keepLanguageOnDevice(language, true);
  void activateLanguage(language);
  tellHost?.(language);
}

/** While a resident is signed in, their choices also go to `tell`; returns the way to stop. */
export function tellHostOfChoices(tell: (language: Language) => void): () => void {
  tellHost = tell;
  return () => {
    if (tellHost === tell) tellHost = null;
  };
}
