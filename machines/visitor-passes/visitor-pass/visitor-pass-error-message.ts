import { fieldMessages } from '../../drf-field-messages';
import type { HttpFailure } from '../../http-failure';
import { serverFieldErrors } from '../../server-field-errors';

/** What the resident is told when a call about a pass fails, word for word (English ids). */
export const visitorPassMessages = {
  createFailed: /*i18n*/ 'The visitor pass could not be created. Please try again.',
  withdrawFailed: /*i18n*/ 'The visitor pass could not be withdrawn. Please try again.',
} as const;

/** A refusal as a form shows it: its message, and the host's word on single fields. */
export interface FormFailure {
  /** Null when the host named fields and said nothing else: the error summary tells it all. */
  message: string | null;
  fieldErrors: Readonly<Partial<Record<string, string>>> | null;
}

/**
 * A refused or failed call as its form shows it (DRF's shape): the host's `non_field_errors` or
 * `detail`; and each of `fields` (the host's name → the form's) the host named, on its field.
 * Without either, `failed`. Not `failed` beside fields the host named: as GOV.UK's error summary
 * asks, the summary alone then says what is wrong, not a second alert saying less.
 */
export function toFormFailure(
  failure: HttpFailure,
  fields: Readonly<Record<string, string>>,
  failed: string,
): FormFailure {
  const [message] = [
    ...fieldMessages(failure.body, 'non_field_errors'),
    ...fieldMessages(failure.body, 'detail'),
  ];
  const fieldErrors = serverFieldErrors(failure.body, fields) ?? null;
  return { message: message ?? (fieldErrors === null ? failed : null), fieldErrors };
}

/** The create call's refusal: the form's fields carry the payload's names. */
export function toCreateVisitorPassFailure(failure: HttpFailure): FormFailure {
  const fields = {
    name: 'name',
    valid_from: 'valid_from',
    valid_until: 'valid_until',
    uses: 'uses',
  };
  return toFormFailure(failure, fields, visitorPassMessages.createFailed);
}
