import type { I18n } from '@lingui/core';
import type { EmailPreferenceKind } from '../../contract/email-preferences';
import type { MailLanguage } from '../../contract/languages';
import { permitStatusLabels, type PermitStatus } from '../../contract/permit-status';
import type { PermitMailKind, PermitRow } from '../db/schema';
import { htmlLanguage, mailDateTime, mailI18n } from './mail-i18n';
import type { MailMessage } from './mailer';

/** What one permit mail is made from. */
export interface PermitMailSubject {
  kind: PermitMailKind;
  /** The status the mail reports: the permit's when the mail became due. */
  status: PermitStatus;
  permit: Pick<
    PermitRow,
    'vrm' | 'make' | 'model' | 'referenceNo' | 'startTs' | 'endTs' | 'colour'
  >;
  to: string;
  /** The signed link that switches this kind of mail off (server/mail/mail-links.ts). */
  switchOffUrl: string;
  /** The resident's language (GET/PUT /api/v1/me/language/); English when not given. */
  language?: MailLanguage;
}

/** The preference that switches a mail kind off. */
export function preferenceOf(kind: PermitMailKind): EmailPreferenceKind {
  return kind === 'reminder' ? 'reminders' : 'confirmations';
}

/**
 * What each kind of mail opens with. Texts marked for the mail catalogue (lingui.config.ts) and
 * written in the mail's language where it is made.
 */
const openings: Readonly<Record<PermitMailKind, string>> = {
  created: /*i18n*/ 'Your visitor permit is booked. Keep this e-mail as proof of it.',
  active: /*i18n*/ 'Your visitor permit is now active. Keep this e-mail as proof of it.',
  cancelled: /*i18n*/ 'Your visitor permit is cancelled.',
  reminder: /*i18n*/ 'Your visitor permit ends soon.',
};

/** Nothing the resident typed: only our own words and, for a reminder, the end time. */
function subjectOf(i18n: I18n, kind: PermitMailKind, end: string): string {
  switch (kind) {
    case 'created':
      return i18n._('Permit booked: your Kerbside visitor permit');
    case 'active':
      return i18n._('Permit active: your Kerbside visitor permit');
    case 'cancelled':
      return i18n._('Permit cancelled: your Kerbside visitor permit');
    case 'reminder':
      return i18n._('Ending soon: your Kerbside visitor permit ends {end}', { end });
  }
}

/** docs/contract.md §3: an end in year 9999 means the permit has no end. */
function endText(i18n: I18n, endTs: Date): string {
  return endTs.getUTCFullYear() === 9999 ? i18n._('Indefinite') : mailDateTime(i18n, endTs);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

/**
 * A value the resident typed, as one line of plain data: line breaks and other control characters
 * become spaces, so it cannot start lines of its own that read as the mail's text.
 */
function typedValue(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what it removes
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** The permit's facts a mail tells, each a label and a one-line value, in the mail's language. */
export function permitMailFacts(
  i18n: I18n,
  permit: PermitMailSubject['permit'],
  status: PermitStatus,
): Array<[string, string]> {
  return [
    [i18n._('Registration'), typedValue(permit.vrm)],
    [
      i18n._('Vehicle'),
      [permit.make, permit.model, permit.colour]
        .map(typedValue)
        .filter((part) => part)
        .join(' '),
    ],
    [i18n._('Starts'), mailDateTime(i18n, permit.startTs)],
    [i18n._('Ends'), endText(i18n, permit.endTs)],
    [i18n._('Reference'), typedValue(permit.referenceNo)],
    [i18n._('Status'), i18n._(permitStatusLabels[status])],
  ];
}

/**
 * A mail's plain text and HTML, the same facts in each: an opening line, the facts as a labelled
 * list (a table in HTML), the sign-off, and a closing line (a link's text and its HTML) if any.
 * The opening and facts come in the mail's language; the sign-off is written in it here.
 */
export function permitMailBodies(
  i18n: I18n,
  opening: string,
  facts: Array<[string, string]>,
  closing?: { text: string; html: string },
): { text: string; html: string } {
  const signOff = i18n._('Kerbside visitor parking');
  const text = [
    opening,
    '',
    ...facts.map(([name, value]) => `${name}: ${value}`),
    '',
    signOff,
    ...(closing ? [closing.text] : []),
    '',
  ].join('\n');
  const rows = facts
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${htmlLanguage(i18n)}"><body>` +
    `<p>${escapeHtml(opening)}</p><table>${rows}</table>` +
    `<p>${escapeHtml(signOff)}</p>` +
    (closing ? `<p>${closing.html}</p>` : '') +
    '</body></html>';
  return { text, html };
}

/** The closing line of a mail of this kind: the link that switches the kind off, as text and HTML. */
function switchOffLine(
  i18n: I18n,
  kind: PermitMailKind,
  url: string,
): { text: string; html: string } {
  const reminder = kind === 'reminder';
  const text = reminder
    ? i18n._('To stop reminders before a permit ends, open this link: {url}', { url })
    : i18n._('To stop permit confirmations, open this link: {url}', { url });
  const link = reminder
    ? i18n._('Stop reminders before a permit ends')
    : i18n._('Stop permit confirmations');
  return { text, html: `<a href="${escapeHtml(url)}">${escapeHtml(link)}</a>` };
}

/**
 * A permit confirmation or reminder in the resident's language, as plain text and as HTML with
 * the same facts: registration, make and model, start and end in UK time, reference and status,
 * what the resident typed only as labelled one-line values in the body, never in the subject. No
 * images, no tracking, no link but the one that switches this kind of mail off, also offered to
 * mail clients as RFC 8058 one-click unsubscribe headers.
 */
export function permitMailContent(subject: PermitMailSubject): MailMessage {
  const { permit, kind } = subject;
  const i18n = mailI18n(subject.language ?? 'en');
  const { text, html } = permitMailBodies(
    i18n,
    i18n._(openings[kind]),
    permitMailFacts(i18n, permit, subject.status),
    switchOffLine(i18n, kind, subject.switchOffUrl),
  );
  return {
    to: subject.to,
    // Nothing the resident typed (registration, reference label, vehicle) goes into the subject,
    // which mail clients show before any label: only our own words and the end time.
    subject: subjectOf(i18n, kind, endText(i18n, permit.endTs)),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${subject.switchOffUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
