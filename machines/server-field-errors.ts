import { fieldMessages } from './drf-field-messages';

/**
 * What a DRF error body says about single form fields: for each `fields` entry (the server's
 * field name → the form's), the server's messages joined with spaces. Undefined when it names
 * none of them, so a screen's "no field errors" stays one value.
 */
export function serverFieldErrors(
  body: unknown,
  fields: Readonly<Record<string, string>>,
): Readonly<Partial<Record<string, string>>> | undefined {
  const errors = Object.entries(fields).flatMap(([serverName, formName]) => {
    const messages = fieldMessages(body, serverName);
    return messages.length > 0 ? [[formName, messages.join(' ')] as const] : [];
  });
  return errors.length > 0 ? Object.fromEntries(errors) : undefined;
}
