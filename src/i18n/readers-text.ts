import type { I18n } from '@lingui/core';

type Values = Record<string, unknown> | undefined;

/**
 * How texts are worded beyond the catalogue's plain look-up. In English: an app text as the
 * catalogue has it (its English), anything else as it came, and a rule's values as the rule gave
 * them. With the Welsh catalogue comes its own wording (./host-text.ts, set by
 * ./activate-language.ts), which also reads the API host's words with a figure back into their
 * templates and lists a date's missing boxes in Welsh: so /login in English carries none of it.
 */
let wording = {
  text: (i18n: I18n, text: string): string => i18n._(text),
  values: (_: I18n, values: Values): Values => values,
};

/**
 * The rules' messages with a figure, by the words a submit gave them (src/ui/validate-with-schema.ts):
 * each worded again in the language shown, so a switch of language before the next submit
 * changes them too.
 */
const ruleMessages = new Map<string, () => string>();

/** Used by src/ui/validate-with-schema.ts for each message it words. */
export function rememberRuleMessage(text: string, word: () => string): void {
  ruleMessages.set(text, word);
}

/**
 * A text that may be the app's or the API host's (a refusal shown as it came, docs/contract.md
 * §8), in the reader's language where the catalogue knows it.
 */
export function readersText(i18n: I18n, text: string): string {
  return ruleMessages.get(text)?.() ?? wording.text(i18n, text);
}

/** A rule's values (src/ui/validate-with-schema.ts) as the reader's language words them. */
export function readersValues(i18n: I18n, values: Values): Values {
  return wording.values(i18n, values);
}

/** Used by ./activate-language.ts when the Welsh catalogue arrives. */
export function setReadersWording(next: typeof wording): void {
  wording = next;
}
