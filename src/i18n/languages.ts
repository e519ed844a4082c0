import type { Language } from '../../machines/language/language-machine';

/** Each language's name in itself, as the link that chooses it says it (GOV.UK's toggle). */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  cy: 'Cymraeg',
};

/**
 * Where the device keeps the choice. public/language.js reads the same key before the first
 * paint, so that a page rendered in advance is painted in the chosen language.
 */
export const languageStorageKey = 'kerbside.language';
/** Set while the API host has not been told of the device's choice (machines/language). */
const unsentStorageKey = 'kerbside.language.unsent';

/** The language chosen on this device (English when none was, or storage is closed). */
export function languageOnDevice(): { language: Language; unsent: boolean } {
  try {
    return {
      language: window.localStorage.getItem(languageStorageKey) === 'cy' ? 'cy' : 'en',
      unsent: window.localStorage.getItem(unsentStorageKey) === 'true',
    };
  } catch {
    return { language: 'en', unsent: false };
  }
}

/** `language` kept on this device; `unsent` while the API host has not stored it. */
export function keepLanguageOnDevice(language: Language, unsent: boolean): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
    if (unsent) window.localStorage.setItem(unsentStorageKey, 'true');
    else window.localStorage.removeItem(unsentStorageKey);
  } catch {
    // Storage closed (private browsing): the choice lasts until the page is left.
  }
}

/** The API host stored the device's choice (machines/language/language-machine.ts). */
export function markLanguageSent(): void {
  keepLanguageOnDevice(languageOnDevice().language, false);
}
