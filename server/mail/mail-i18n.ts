import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DateTime } from 'luxon';
import { langAttribute, type MailLanguage } from '../../contract/languages';
import { siteTimeZone, toUkDateTime } from '../../contract/london-wall-time';
import { messages as welshMessages } from '../../locales/cy/mail';

/**
 * The texts of one mail in the language of the person it goes to (docs/email.md, "Languages").
 * Each text's English is its id (lingui.config.ts, catalogue locales/{locale}/mail): English needs
 * no catalogue and is written as the code has it; Welsh comes from the compiled catalogue. The host
 * runs under tsx, without the babel plugin that compiles English for the browser, so messages are
 * compiled here, as they are used. One instance per mail: no language is shared between mails.
 */
export function mailI18n(language: MailLanguage): I18n {
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: language === 'cy' ? welshMessages : {} },
  });
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/** A resident's language as stored (users.language, 'en' until they choose one). */
export function residentLanguage(resident: { language: string }): MailLanguage {
  // The column allows only these two (server/db/migrations/0014_resident_language.sql).
  return resident.language === 'cy' ? 'cy' : 'en';
}

/** The `lang` of a mail's HTML part. */
export function htmlLanguage(i18n: I18n): string {
  return langAttribute(i18n.locale === 'cy' ? 'cy' : 'en');
}

/**
 * A date and time in a mail, London time: '25/11/2026 19:08' in English, as the web app writes
 * it (contract/london-wall-time.ts), and 'dydd Mercher 25 Tachwedd 2026, 19:08' in Welsh. In the
 * hour the clocks repeat, both name the occurrence, '(BST)' or '(GMT)'.
 */
export function mailDateTime(i18n: I18n, instant: Date): string {
  const uk = toUkDateTime(DateTime.fromJSDate(instant));
  if (i18n.locale !== 'cy') return uk;
  const london = DateTime.fromJSDate(instant).setZone(siteTimeZone).setLocale('cy');
  // CLDR writes the weekday with a capital for the start of a sentence: here it is mid-line.
  const weekday = london.toFormat('cccc').replace(/^D/, 'd');
  const occurrence = / \((?:BST|GMT)\)$/.exec(uk)?.[0] ?? '';
  return `${weekday} ${london.toFormat('d LLLL yyyy, HH:mm')}${occurrence}`;
}
