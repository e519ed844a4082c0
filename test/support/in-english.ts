import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../src/i18n/i18n';

/**
 * A machine's message as the English reader sees it: a marked text is its own English, a
 * descriptor (the spec's words around a server's, machines/auth/login/login-error-message.ts)
 * is formatted, as the screens do.
 */
export function inEnglish(message: string | MessageDescriptor): string;
export function inEnglish(message: string | MessageDescriptor | null): string | null;
export function inEnglish(message: string | MessageDescriptor | null): string | null {
  if (message === null) return null;
  return typeof message === 'string' ? i18n._(message) : i18n._(message);
}
