import type { I18n } from '@lingui/core';
import { permitTextIn } from '../../../../machines/permits/rules/permit-display';

/** A permit's row text (machines/permits/rules/permit-display.ts) in the reader's language. */
export function shownPermitText(i18n: I18n, text: string): string {
  return permitTextIn(text, (message) => i18n._(message));
}
