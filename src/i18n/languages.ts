/** The languages the service speaks; English is the spec's, Welsh the Welsh Language Standards'. */
export const languages = ['en', 'cy'] as const;
export type Language = (typeof languages)[number];

/** Each language's name in itself, as the link that chooses it says it (GOV.UK's toggle). */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  cy: 'Cymraeg',
};

/** Where the device keeps the choice (read again before the first paint, src/main.tsx). */
export const languageStorageKey = 'kerbside.language';

/** The language chosen on this device; English when none was, or storage is closed. */
export function storedLanguage(): Language {
  try {
    return window.localStorage.getItem(languageStorageKey) === 'cy' ? 'cy' : 'en';
  } catch {
    return 'en';
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private browsing with storage closed: the choice lasts until the page is left.
  }
}
