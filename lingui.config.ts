import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogues (docs/decisions/024-welsh-through-lingui.md). Every text is written in
 * the code in English, the spec's words, and that English is its id: `i18n._('Sign in')` where it
 * is shown, `/*i18n*\/ 'Sign in'` where a text is defined away from where it is shown (machines/,
 * contract/). Welsh is translated by hand in locales/cy/*.po; `pseudo` is generated, to find text
 * that bypasses the catalogue. `npm run i18n` extracts and compiles; `npm run i18n:check` fails
 * on a missing, unused or untranslated message.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'cy', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      // The web app's texts, the statecharts' and the contract's: the Welsh chunk loads these.
      path: '<rootDir>/locales/{locale}/app',
      include: ['<rootDir>/src', '<rootDir>/machines', '<rootDir>/contract'],
    },
    {
      // The API host's e-mails (server/mail), in the resident's language, with the statuses' names
      // they show (contract/permit-status.ts, which the web app's catalogue has too).
      path: '<rootDir>/locales/{locale}/mail',
      include: ['<rootDir>/server', '<rootDir>/contract/permit-status.ts'],
    },
  ],
  // No origins nor creation date: a catalogue changes only when a text does.
  format: formatter({
    origins: false,
    explicitIdAsDefault: true,
    printPlaceholdersInComments: false,
  }),
  compileNamespace: 'ts',
});
