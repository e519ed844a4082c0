import { messages as welshMessages } from '../../locales/cy/app';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `template` as a pattern a shown text matches when it is that text with any values in it. */
const shapeOf = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map(escaped)
      .join('.+')}$`,
  );

/**
 * The English catalogue's texts that read otherwise in Welsh, each as the shape of a shown text.
 * Every text's English is its id (lingui.config.ts), so the Welsh catalogue's ids are the English
 * catalogue. Left out: a text that reads the same in Welsh (a name), one made of values alone
 * ("{title} – {appName}"), and plurals and texts with markup, which a text node never shows whole.
 */
const englishOnly = Object.keys(welshMessages)
  .filter((id) => !/\{\w+, (plural|select)/.test(id) && !/<\d+>/.test(id))
  .filter((id) => /[A-Za-z]{3,}/.test(id.replace(/\{\w+\}/g, '')))
  .filter((id) => JSON.stringify(welshMessages[id]) !== JSON.stringify([id]))
  .map(shapeOf);

/** Which of `shownTexts` (a page's text nodes and accessible names) are English catalogue texts. */
export function englishCatalogueTextsIn(shownTexts: readonly string[]): string[] {
  return shownTexts.filter((text) => englishOnly.some((shape) => shape.test(text)));
}
