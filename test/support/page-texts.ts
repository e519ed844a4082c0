/** What a page says it is written in (`<html lang>`) and what it shows. */
export interface PageTexts {
  lang: string;
  texts: string[];
}

/**
 * Runs in the page (a browser's, or jsdom's): its `lang`, and every text it shows a reader or a
 * screen reader (its title, each text node drawn, each accessible name, description or
 * placeholder written in an attribute). A part that says which language it is in (the language
 * link, "English" in lang="en-GB") and the inert copy of a page rendered in advance are left
 * out. jsdom draws nothing (`drawnOnly` false there): its text nodes all count.
 */
export function pageTextsInPage(drawnOnly: boolean): PageTexts {
  const texts = [document.title];
  const walker = document.createTreeWalker(
    document.body,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    (node) =>
      node instanceof Element &&
      (node.hasAttribute('lang') ||
        node.hasAttribute('inert') ||
        ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(node.tagName))
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const attribute of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']) {
        const value = node.getAttribute(attribute);
        if (value) texts.push(value);
      }
    } else if (!drawnOnly || (node.parentElement?.getClientRects().length ?? 0) > 0) {
      texts.push(node.textContent ?? '');
    }
  }
  return {
    lang: document.documentElement.lang,
    texts: texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean),
  };
}
