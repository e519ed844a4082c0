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
  message: string;
  fieldErrors: Readonly<Partial<Record<string, string>>> | null;
}

/**
 * A refused or failed call as its form shows it (DRF's shape): the host's `non_field_errors` or
 * `detail`, else `failed`; and each of `fields` (the host's name → the form's) the host named, on
 * its field.
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
  return {
    message: message ?? failed,
    fieldErrors: serverFieldErrors(failure.body, fields) ?? null,
  };
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
