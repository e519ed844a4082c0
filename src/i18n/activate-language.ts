import type { Messages } from '@lingui/core';
import { langAttribute } from '../../contract/languages';
import type { Language } from '../../machines/language/language-machine';
import { i18n } from './i18n';
import { setReadersWording } from './readers-text';

/**
 * The language most recently asked for: a Welsh catalogue that arrives after the resident has
 * chosen English again is not shown.
 */
let latestChoice: Language = 'en';

/**
 * Makes `language` the one every text is shown in, and the page's `lang`. English is written in
 * the code, so only Welsh loads a catalogue, in a chunk of its own, and only when chosen. A
 * catalogue that cannot load leaves the page in English, and says so (`lang="en-GB"`, not the
 * `cy` public/language.js may have set), then rejects.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latestChoice = language;
  if (language === 'en') return show('en', {});
  try {
    const [{ messages }, { hostTextIn, ruleValuesIn }] = await Promise.all([
      import(/* webpackChunkName: "welsh" */ '../../locales/cy/app'),
      import(/* webpackChunkName: "welsh" */ './host-text'),
    ]);
    setReadersWording({ text: hostTextIn, values: ruleValuesIn });
    if (latestChoice === language) show(language, messages);
  } catch (error) {
    if (latestChoice === language) show('en', {});
    throw error;
  }
}

function show(language: Language, messages: Messages): void {
  // Lingui has every text render again at each load and activate, even of the language already
  // shown. A signed-in page hears the host's choice (./language-actors.ts) once drawn, mostly the
  // language it is in: on My Permits with 20 permits, drawing it all again held a phone's main
  // thread for about 370 ms at Lighthouse's 4x slowdown (docs/performance.md).
  if (i18n.locale !== language) {
    i18n.load(language, messages);
    i18n.activate(language);
  }
  document.documentElement.lang = langAttribute(language);
  // Installed from this page, the app is named in its language (public/manifest.cy.webmanifest).
  // Chosen here, not before the first paint: a browser follows the link when it changes, and
  // nobody installs the app before it has started.
  document
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifest${language === 'cy' ? '.cy' : ''}.webmanifest`);
}
