import { fieldMessages } from '../../drf-field-messages';

/** Where a DRF error body puts what is not about one field. */
const generalKeys = ['detail', 'non_field_errors', 'error'] as const;

/**
 * The server's own words in a DRF error body: the messages under `detail`, `non_field_errors` and
 * `error`, then under each of the call's `fieldNames`, in that order. Empty when the body says
 * nothing readable (no answer came back, or a proxy sent an HTML page).
 */
export function serverErrorMessages(body: unknown, fieldNames: readonly string[]): string[] {
  return [...generalKeys, ...fieldNames].flatMap((name) => fieldMessages(body, name));
}
