import type { MessageDescriptor } from '@lingui/core';

/**
 * How a form's rules word a message with values (a date, a limit): the screen gives its
 * translation, `(message) => i18n._(message)`, so the message reaches Formik in the reader's
 * language; where no screen does (tests, the flow samples), it is said in English, its id with the
 * values put in. Only the simple `{name}` placeholders these forms use are filled.
 */
export type SayMessage = (message: MessageDescriptor) => string;

export const inEnglish: SayMessage = ({ id, values = {} }) =>
  id.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
