import type { HttpFailure } from '../../http-failure';
import { fieldMessages } from '../../drf-field-messages';
import type { PermitUpdateAnswer } from '../../../contract/permit';

/** docs/contract.md §8, "Activate/Cancel" and "Update permit", word for word. */
export const permitActionMessages = {
  activationTitle: /*i18n*/ 'Activation Failed',
  activationFailed: /*i18n*/ 'Failed to activate permit. Please try again.',
  cancellationTitle: /*i18n*/ 'Cancellation Failed',
  cancellationFailed: /*i18n*/ 'Failed to cancel permit. Please try again.',
  updateTitle: /*i18n*/ 'Update Failed',
  updateFailed: /*i18n*/ 'Failed to update permit. Please try again.',
  updateRefused: /*i18n*/ 'Failed to update permit',
} as const;

/** What a dialog shows when its request failed: a heading and the mapped message. */
export interface PermitDialogError {
  title: string;
  message: string;
}

/** Where activate and cancel look for the server's words, in the spec's order of preference. */
const actionFieldNames = ['non_field_errors', 'detail', 'error', 'message'] as const;
/** Where an update looks, in the spec's order of preference. */
const updateFieldNames = ['non_field_errors', 'end_ts', 'start_ts', 'error', 'message'] as const;

/** The first message of the first of `names` that `body` carries. */
function firstMessage(body: unknown, names: readonly string[]): string | undefined {
  return names.map((name) => fieldMessages(body, name)[0]).find((found) => found !== undefined);
}

/** The message for a failed POST /api/v1/permits/{id}/activate/ (docs/contract.md §8). */
export function toActivatePermitErrorMessage(failure: HttpFailure): string {
  return firstMessage(failure.body, actionFieldNames) ?? permitActionMessages.activationFailed;
}

/** The message for a failed POST /api/v1/permits/{id}/cancel/ (docs/contract.md §8). */
export function toCancelPermitErrorMessage(failure: HttpFailure): string {
  return firstMessage(failure.body, actionFieldNames) ?? permitActionMessages.cancellationFailed;
}

/** The message for a failed PATCH /api/v1/permits/{id}/full_update/ (docs/contract.md §8). */
export function toUpdatePermitErrorMessage(failure: HttpFailure): string {
  return firstMessage(failure.body, updateFieldNames) ?? permitActionMessages.updateFailed;
}

/**
 * The message for a full_update answered with a 2xx whose body still carries an error flag
 * (docs/contract.md §7 and §8), or null when the body reports no error: such an answer is a refusal,
 * shown as its `message` or "Failed to update permit".
 */
export function toUpdatePermitRefusalMessage(body: PermitUpdateAnswer | null): string | null {
  if (!body?.error) return null;
  return fieldMessages(body, 'message')[0] ?? permitActionMessages.updateRefused;
}
