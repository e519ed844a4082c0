import type { MessageDescriptor } from '@lingui/core';
import { isMessageDescriptor } from './field-length';

/**
 * How a screen words a text the model makes (a rule's message with values, a file's headings):
 * in the reader's language, `i18n._` from src/i18n/i18n.ts; `englishMessage` where no screen does
 * (the model's tests, the API host).
 */
export type SayMessage = (message: MessageDescriptor) => string;

/**
 * A text in English words: a text as it is, a descriptor's English id with its values put in (the
 * model's descriptors have plain `{name}` placeholders only). The web app shows them in the
 * reader's language instead (src/ui/validate-with-schema.ts).
 */
export function englishMessage(message: unknown): string {
  if (!isMessageDescriptor(message)) return String(message);
  const values = message.values ?? {};
  const worded = (value: unknown) =>
    Array.isArray(value)
      ? wordList(value.map(String), (list, last) => `${list} and ${last}`)
      : String(value);
  return message.id.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? worded(values[name]) : placeholder,
  );
}

/**
 * Words listed as a sentence lists them, "day, month and hour": commas, then `and` joining the
 * last two (`listEnd` in the reader's language: Welsh says "a", and "ac" before a vowel, which
 * Intl.ListFormat writes "a(c)").
 */
export function wordList(
  words: readonly string[],
  and: (list: string, last: string) => string,
): string {
  const last = words.at(-1);
  if (last === undefined || words.length === 1) return last ?? '';
  return and(words.slice(0, -1).join(', '), last);
}

/** The end of a list, "day, month and hour", for the web app to word (`wordList`). */
export function listEnd(list: string, last: string): MessageDescriptor {
  return /*i18n*/ { id: '{list} and {last}', values: { list, last } };
}
