import type { MailLanguage } from '../../contract/languages';

/**
 * The service's language that an `Accept-Language` header prefers (RFC 9110 §12.5.4: the range
 * with the highest weight, `q`, 1 when not given), null when it names neither. The web app sends
 * the language it is read in (src/api/api-client.ts).
 */
export function namedLanguage(header: string | undefined): MailLanguage | null {
  let best: { language: MailLanguage | null; weight: number } = { language: null, weight: 0 };
  for (const range of (header ?? '').split(',')) {
    const [tag = '', ...parameters] = range.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (language !== 'cy' && language !== 'en') continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    if (weight > best.weight) best = { language, weight };
  }
  return best.language;
}

/** The language an `Accept-Language` header prefers (`namedLanguage`), English when none. */
export function preferredLanguage(header: string | undefined): MailLanguage {
  return namedLanguage(header) ?? 'en';
}
