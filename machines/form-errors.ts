import { ValidationError, type Schema } from 'yup';
import type { MessageDescriptor } from '@lingui/core';
import { isMessageDescriptor } from './field-length';

/**
 * How a screen words a rule's message with values for a form that needs text (the visitor-pass
 * forms): in the reader's language; `englishMessage` where no screen does.
 */
export type SayMessage = (message: MessageDescriptor) => string;

/**
 * A rule's message in English words: a text as it is, a descriptor's English id with its values
 * put in (the rules' descriptors have plain `{name}` placeholders only). The web app shows the
 * rules' messages in the reader's language instead (src/ui/validate-with-schema.ts).
 */
export function englishMessage(message: unknown): string {
  if (!isMessageDescriptor(message)) return String(message);
  const values = message.values ?? {};
  return message.id.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/**
 * What a form's Yup schema says about `values`: each invalid field with its first message, in
 * English (`englishMessage`), an empty object when the form may be sent. Formik reads a schema
 * the same way when a screen hands it over as `validationSchema`; this is for the code that asks
 * outside Formik (the rules' tests, a submit button that waits for the required fields).
 */
export function formErrors<TValues extends object>(
  schema: Schema,
  values: TValues,
): Partial<Record<keyof TValues, string>> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<string, string>> = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      if (failure.path !== undefined && errors[failure.path] === undefined) {
        errors[failure.path] = englishMessage(failure.message);
      }
    }
    return errors as Partial<Record<keyof TValues, string>>;
  }
}
