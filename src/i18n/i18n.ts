import { i18n } from '@lingui/core';

// Every text's id is its English (lingui.config.ts). A browser build has no message compiler:
// English messages with placeholders arrive compiled beside their ids
// (scripts/i18n/babel-plugin-compile-english.cjs) and Welsh ones from the compiled catalogue, so
// what still arrives as a string is plain text, shown as written; an unknown server text is
// shown as it came. Tests keep Lingui's compiler; the build's prerender sets it again
// (src/shell/prerender.tsx).
if (process.env.NODE_ENV === 'production') {
  i18n.setMessagesCompiler((message) => [message]);
}

// English until the device's choice is read (./activate-language.ts): every render, tests'
// included, has a language from the first import.
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

export { i18n };
