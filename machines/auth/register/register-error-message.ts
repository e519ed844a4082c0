import type { MessageDescriptor } from '@lingui/core';
import { fieldMessages } from '../../drf-field-messages';
import { serverFieldErrors } from '../../server-field-errors';
import type { HttpFailure } from '../../http-failure';
import type { TokenSignInMessages } from '../shared/token-sign-in-machine-config';
import type { TokenResponse } from '../../../contract/auth';

/** docs/contract.md §8, "Register", word for word. */
export const registerMessages = {
  tooManyAttempts: /*i18n*/ 'Too many registration attempts. Please wait a moment and try again.',
  serverError: /*i18n*/ 'Server error. Please try again later or contact support.',
  failed: /*i18n*/ 'Registration failed. Please check your details and try again.',
  authenticationFailed:
    /*i18n*/ 'Registration successful but authentication failed. Please log in.',
  tokenLoginFailed: /*i18n*/ 'Authentication failed after registration. Please log in manually.',
} as const;

/** The error fields the spec reads from a registration answer, in the order they are shown. */
const fieldNames = [
  'email',
  'password',
  'first_name',
  'last_name',
  'invite_code',
  'permit_limit',
] as const;

/** A field's messages: DRF sends a list of strings; a lone string is accepted too. */
function asSentence(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/**
 * The message for a failed POST /api/v1/auth/register/. The status is read first for 429 and
 * 5xx: those answers often come from a proxy or a crashed server whose body is an HTML page or
 * unrelated text, and the user needs to hear "wait" or "server error", not a form problem. Then
 * the server's `error` field, then the field messages, each made a sentence and joined with
 * spaces in the spec's field order, then the generic message.
 */
export function toRegisterErrorMessage(failure: HttpFailure): string {
  const { status, body } = failure;
  if (status === 429) return registerMessages.tooManyAttempts;
  if (status !== undefined && status >= 500) return registerMessages.serverError;
  const errors = fieldMessages(body, 'error');
  if (errors.length > 0) return errors.join(' ');
  const messages = fieldNames.flatMap((name) => fieldMessages(body, name));
  if (messages.length > 0) return messages.map(asSentence).join(' ');
  return registerMessages.failed;
}

/**
 * The message when the registration answer carries no custom token: the account exists but the
 * user must sign in by hand. The spec's words, "Please log in with your credentials", are
 * appended as written (without a full stop); the server's warning is shown as it came, inside them (a
 * descriptor, so the words around it are translated).
 */
export function toRegisterMissingTokenMessage(answer: TokenResponse): string | MessageDescriptor {
  const warning = answer.warning?.trim();
  return warning
    ? /*i18n*/ { id: '{warning} Please log in with your credentials', values: { warning } }
    : registerMessages.authenticationFailed;
}

/**
 * What a refused registration says about the form's own fields (a used invite code, a taken
 * e-mail, a weak password), for each field to show beside the spec's message. A 429 or 5xx says
 * nothing about a field, whatever its body holds.
 */
export function toRegisterFieldErrors(failure: HttpFailure) {
  if (failure.status === 429 || (failure.status !== undefined && failure.status >= 500)) {
    return undefined;
  }
  return serverFieldErrors(
    failure.body,
    Object.fromEntries(
      fieldNames.filter((name) => name !== 'permit_limit').map((name) => [name, name]),
    ),
  );
}

/** What the register machine says when it fails (`machines/auth/register/register-machine.ts`). */
export const registerFailureMessages: TokenSignInMessages = {
  toRefusalMessage: toRegisterErrorMessage,
  toRefusalFieldErrors: toRegisterFieldErrors,
  toMissingTokenMessage: toRegisterMissingTokenMessage,
  tokenRejected: registerMessages.tokenLoginFailed,
};
