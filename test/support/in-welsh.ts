import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { messages as welshMessages } from '../../locales/cy/app';

/** The app's Welsh catalogue, loaded as the app loads it for a Welsh reader. */
const welsh = setupI18n({ locale: 'cy', messages: { cy: welshMessages } });

/**
 * A marked text as the Welsh reader sees it, `values` in place: the text's id is its English
 * (lingui.config.ts); a descriptor is formatted as the screens format one.
 */
export function inWelsh(
  message: string | MessageDescriptor,
  values?: Record<string, unknown>,
): string {
  return typeof message === 'string' ? welsh._(message, values) : welsh._(message);
}
