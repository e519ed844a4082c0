import type { MessageDescriptor } from '@lingui/core';
import { filledTemplate } from '../contract/filled-template';
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
  return filledTemplate(message.id, message.values ?? {});
}
