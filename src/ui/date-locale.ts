import { i18n } from '../i18n/i18n';

/**
 * The Intl (and luxon) locale of a date written in words for a resident, in the language shown
 * (`i18n.locale`): Welsh day and month names ("dydd Mercher 25 Tachwedd 2026") when Welsh is
 * chosen, British English otherwise. The time zone is not the locale's: dates stay London's
 * (contract/london-wall-time.ts).
 */
export function residentDateLocale(): 'cy' | 'en-GB' {
  return i18n.locale === 'cy' ? 'cy' : 'en-GB';
}
