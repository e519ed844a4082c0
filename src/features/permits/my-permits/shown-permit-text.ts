import type { I18n } from '@lingui/core';
import { permitDisplayTexts } from '../../../../machines/permits/rules/permit-display';

const spelledTexts = new Set<string>(Object.values(permitDisplayTexts));

/**
 * A permit's row text (machines/permits/rules/permit-display.ts) in the reader's language: the
 * spec's own words ('Indefinite', 'No driver', 'N/A') translated, the permit's own data (names,
 * references, times) as it is, so that a reference that happens to spell a word is never changed.
 */
export function shownPermitText(i18n: I18n, text: string): string {
  return spelledTexts.has(text) ? i18n._(text) : text;
}
