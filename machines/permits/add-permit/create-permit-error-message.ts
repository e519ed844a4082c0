import type { HttpFailure } from '../../http-failure';
import { fieldMessages } from '../../drf-field-messages';

/** docs/contract.md §8, "Create permit", word for word. */
export const createPermitMessages = {
  title: /*i18n*/ 'Creation Failed',
  failed: /*i18n*/ 'Failed to create permit. Please try again.',
  providerSyncFailed: /*i18n*/ 'Unable to create permit at this time. Please try again later.',
  overlapping: /*i18n*/ 'Overlapping permit detected — adjust or cancel the other permit first.',
  serviceUnavailable: /*i18n*/ 'service is currently unavailable',
} as const;

/** The title of the error the add-permit screen shows. */
export const createPermitErrorTitle = createPermitMessages.title;

/** The fields whose first message is shown, in the spec's order of preference. */
const fieldNames = [
  'non_field_errors',
  'reference_label',
  'vrm',
  'end_ts',
  'start_ts',
  'make',
  'model',
  'driver_first',
  'driver_last',
] as const;

/** The server's own words for these refusals are already meant for the resident. */
const shownAsIs = [
  'An active permit already exists with reference number',
  'You have reached your permit limit',
];
const overlapping = 'A permit for this VRM and time already exists';
const providerSyncFailure = /failing to sync with the parking provider/i;
const providerSyncPrefix = /Failed to sync with parking provider:?\s*/gi;
const serviceUnavailable = /service is unavailable \d{3}/gi;

/**
 * The message for a failed POST /api/v1/permits/ (docs/contract.md §8, "Create permit").
 *
 * How the two provider-sync rules are told apart: the spec maps a message that says the permit
 * failed because of "failing to sync with the parking provider" to the retry-later text, and for
 * every other message strips the provider-sync prefix ("Failed to sync with parking provider: ")
 * and rewords "service is unavailable NNN". Were the prefix itself the sign of a sync failure,
 * no message would ever keep a prefix to strip and the last rule would be dead; so the sync
 * failure is recognised by its own wording, "failing to sync with the parking provider", and a
 * message carrying only the technical prefix (e.g. "Failed to sync with parking provider:
 * service is unavailable 503") reaches the resident as its cleaned-up reason ("service is
 * currently unavailable").
 */
export function toCreatePermitErrorMessage(failure: HttpFailure): string {
  const message = fieldNames
    .map((name) => fieldMessages(failure.body, name)[0])
    .find((found) => found !== undefined);
  if (message === undefined) return createPermitMessages.failed;
  if (providerSyncFailure.test(message)) return createPermitMessages.providerSyncFailed;
  if (shownAsIs.some((text) => message.includes(text))) return message;
  if (message.includes(overlapping)) return createPermitMessages.overlapping;
  const cleaned = message
    .replace(providerSyncPrefix, '')
    .replace(serviceUnavailable, createPermitMessages.serviceUnavailable)
    .trim();
  return cleaned === '' ? createPermitMessages.failed : cleaned;
}
