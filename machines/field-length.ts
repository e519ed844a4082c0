import type { MessageDescriptor } from '@lingui/core';
import type * as yup from 'yup';

/**
 * A form field held to the longest text the API host stores (contract/account-rules.ts,
 * contract/permit-rules.ts), told on the field rather than as the host's refusal after sending.
 * `name` is the field's English name, which is translated with the sentence: mark it where it is
 * written, `withinHostLength(schema, longest.make, /*i18n*\/ 'Make')`.
 */
export function withinHostLength(
  schema: yup.StringSchema<string | undefined>,
  max: number,
  name: string,
) {
  return schema.max(max, tooLongMessage(name, max));
}

/**
 * What a form says of a field longer than the host holds: "Make must be 50 characters or fewer".
 * A descriptor (lingui.config.ts), not a sentence built here: Welsh words it otherwise, with the
 * field's name translated too. Its value `field` is an English id, which the web app translates
 * before the sentence (src/ui/validate-with-schema.ts); outside the web app, `formErrors`
 * (./form-errors.ts) words it in English.
 */
export function tooLongMessage(name: string, max: number): MessageDescriptor {
  return /*i18n*/ {
    id: '{field} must be {max} characters or fewer',
    values: { field: name, max },
  };
}

/**
 * Whether a rule's message is a descriptor with values (`tooLongMessage`), not a text. Here, with
 * type imports only, so the web app reads it without loading Yup (src/ui/validate-with-schema.ts).
 */
export function isMessageDescriptor(message: unknown): message is MessageDescriptor {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { id?: unknown }).id === 'string'
  );
}
