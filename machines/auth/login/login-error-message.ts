import type { MessageDescriptor } from '@lingui/core';
import type { HttpFailure } from '../../http-failure';
import type { TokenResponse } from '../../../contract/auth';
import type { TokenSignInMessages } from '../shared/token-sign-in-machine-config';

/** docs/contract.md §8, "Login", word for word. */
export const loginMessages = {
  tooManyAttempts: /*i18n*/ 'Too many login attempts. Please wait a moment and try again.',
  serverError: /*i18n*/ 'Server error. Please try again later or contact support.',
  badRequest: /*i18n*/ 'Please check your email format and try again.',
  failed: /*i18n*/ 'Login failed. Please check your credentials and try again.',
  tokenRejected: /*i18n*/ 'Authentication failed. Please try again.',
  serviceUnavailable: /*i18n*/ 'Authentication service unavailable. Please try again later.',
} as const;

function detailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}

/**
 * The message for a failed POST /api/v1/auth/login/. Precedence follows the spec's order: the
 * server's own `detail` first (it names the actual problem, e.g. a disabled account), then the
 * status. A 429 or 5xx page from a proxy is HTML, has no `detail`, and so falls through to the
 * status messages.
 */
export function toLoginErrorMessage(failure: HttpFailure): string {
  const detail = detailOf(failure.body);
  if (detail !== null) return detail;
  const { status } = failure;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status !== undefined && status >= 500) return loginMessages.serverError;
  if (status === 400) return loginMessages.badRequest;
  return loginMessages.failed;
}

/**
 * The message when the login answer carries no custom token. The server's warning is shown as it
 * came, inside the spec's sentence (a descriptor, so the sentence is translated around it).
 */
export function toLoginMissingTokenMessage(answer: TokenResponse): string | MessageDescriptor {
  const warning = answer.warning?.trim();
  return warning
    ? /*i18n*/ { id: '{warning} Please contact support.', values: { warning } }
    : loginMessages.serviceUnavailable;
}

/** What the login machine says when it fails (`machines/auth/login/login-machine.ts`). */
export const loginFailureMessages: TokenSignInMessages = {
  toRefusalMessage: toLoginErrorMessage,
  toMissingTokenMessage: toLoginMissingTokenMessage,
  tokenRejected: loginMessages.tokenRejected,
};
