/**
 * The languages the service speaks (src/i18n/languages.ts lists the same two for the web app):
 * English, the spec's, and Welsh. Free of zod, so that the web app's first page can use it
 * (test/build/bundle-budget.test.ts); the schemas are in ./language.ts.
 */
export const mailLanguages = ['en', 'cy'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

/**
 * The `lang` attribute of what is written in `language`: English as the spec's pages have it
 * (public/index.html), British.
 */
export function langAttribute(language: MailLanguage): 'cy' | 'en-GB' {
  return language === 'cy' ? 'cy' : 'en-GB';
}
