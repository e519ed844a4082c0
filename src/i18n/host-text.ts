import type { I18n, MessageDescriptor } from '@lingui/core';
import { hostTextTemplates } from '../../contract/host-texts';
import { isPermitStatus, permitStatusLabels } from '../../contract/permit-status';
import { sentencesOf } from '../../machines/sentences';
import { capPeriodName } from './cap-period-name';

/** A template of the host's words as a pattern that reads its figures back out, by name. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) =>
      /^\{\w+\}$/.test(part)
        ? `(?<${part.slice(1, -1)}>.+?)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

const templates = Object.values(hostTextTemplates).map((id) => ({
  id,
  pattern: templatePattern(id),
}));

/**
 * A text as the reader's language says it (`readersText` in ./readers-text.ts, once the Welsh
 * catalogue has come): the app's words and the reference host's fixed words
 * (contract/host-texts.ts) through the catalogue; the host's words with a figure read back into
 * their template, the figure worded too (a status by its label, a cap period by its name, a
 * refusal by the catalogue); anything else as it came (a council's host's own words).
 */
export function hostTextIn(i18n: I18n, text: string): string {
  return knownText(i18n, text) ?? sentencesIn(i18n, text) ?? text;
}

/** The text in the reader's words if the catalogue knows it or its template; else undefined. */
function knownText(i18n: I18n, text: string): string | undefined {
  for (const { id, pattern } of templates) {
    // Only where the catalogue words the template: English is the host's own (and a browser
    // build has no compiler for an English template, src/i18n/i18n.ts).
    if (i18n.messages[id] === undefined) continue;
    const figures = pattern.exec(text)?.groups;
    if (!figures) continue;
    const worded: MessageDescriptor = { id, values: wordedFigures(i18n, figures) };
    return i18n._(worded);
  }
  return i18n.messages[text] === undefined ? undefined : i18n._(text);
}

/**
 * Several of the host's texts run together as sentences (a password refused for two rules,
 * joined by machines/auth/register/register-error-message.ts; the host's warning inside the
 * spec's words, machines/auth/login/login-error-message.ts, say): each longest run of
 * sentences the catalogue knows, in the reader's words, and the others as they came; undefined
 * when the catalogue knows none of them.
 */
function sentencesIn(i18n: I18n, text: string): string | undefined {
  const sentences = sentencesOf(text);
  const worded: string[] = [];
  let known = false;
  for (let start = 0; start < sentences.length;) {
    let end = sentences.length;
    let found: string | undefined;
    while (end > start) {
      found = knownText(i18n, sentences.slice(start, end).join(' '));
      if (found !== undefined) break;
      end -= 1;
    }
    if (found === undefined) {
      worded.push(sentences[start] ?? '');
      start += 1;
    } else {
      worded.push(found);
      known = true;
      start = end;
    }
  }
  return known ? worded.join(' ') : undefined;
}

function wordedFigures(i18n: I18n, figures: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(figures).map(([name, value]) => {
      if (name === 'status' && isPermitStatus(value))
        return [name, i18n._(permitStatusLabels[value])];
      if (name === 'periodName') return [name, capPeriodName(i18n, value)];
      if (name === 'refusal') return [name, i18n._(value)];
      return [name, value];
    }),
  );
}

/**
 * The end of a list, "day, month and hour": Welsh says "a", and "ac" before a vowel, which
 * Intl.ListFormat writes "a(c)".
 */
const listEnd = /*i18n*/ '{list} and {last}';

/**
 * A rule's values (src/ui/validate-with-schema.ts) in the reader's words: the date boxes a rule
 * found `missing` (machines/permits/rules/date-time-parts.ts) listed again from their ids.
 */
export function ruleValuesIn(
  i18n: I18n,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const missing = values?.missing;
  // English keeps the rule's own list: a browser build has no compiler for `listEnd` in English,
  // which has no catalogue (src/i18n/i18n.ts), and Welsh may have been left for English since.
  if (!Array.isArray(missing) || i18n.messages[listEnd] === undefined) return values;
  const words = missing.map((part) => i18n._(String(part)));
  const last = words.pop() ?? '';
  const listed: MessageDescriptor = { id: listEnd, values: { list: words.join(', '), last } };
  return { ...values, parts: words.length === 0 ? last : i18n._(listed) };
}
