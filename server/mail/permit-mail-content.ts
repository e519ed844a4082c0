import { DateTime } from 'luxon';
import { toUkDateTime } from '../../contract/london-wall-time';
import type { EmailPreferenceKind } from '../../contract/email-preferences';
import { permitStatusLabels, type PermitStatus } from '../../contract/permit-status';
import type { PermitMailKind, PermitRow } from '../db/schema';
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
}

/** The preference that switches a mail kind off. */
export function preferenceOf(kind: PermitMailKind): EmailPreferenceKind {
  return kind === 'reminder' ? 'reminders' : 'confirmations';
}

const headlines: Readonly<Record<PermitMailKind, { subject: string; opening: string }>> = {
  created: {
    subject: 'Permit booked',
    opening: 'Your visitor permit is booked. Keep this e-mail as proof of it.',
  },
  active: {
    subject: 'Permit active',
    opening: 'Your visitor permit is now active. Keep this e-mail as proof of it.',
  },
  cancelled: {
    subject: 'Permit cancelled',
    opening: 'Your visitor permit is cancelled.',
  },
  reminder: {
    subject: 'Ending soon',
    opening: 'Your visitor permit ends soon.',
  },
};

/** docs/contract.md §3: an end in year 9999 means the permit has no end. */
function endText(endTs: Date): string {
  return endTs.getUTCFullYear() === 9999 ? 'Indefinite' : toUkDateTime(DateTime.fromJSDate(endTs));
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

/** The permit's facts a mail tells, each a label and a one-line value. */
export function permitMailFacts(
  permit: PermitMailSubject['permit'],
  status: PermitStatus,
): Array<[string, string]> {
  return [
    ['Registration', typedValue(permit.vrm)],
    [
      'Vehicle',
      [permit.make, permit.model, permit.colour]
        .map(typedValue)
        .filter((part) => part)
        .join(' '),
    ],
    ['Starts', toUkDateTime(DateTime.fromJSDate(permit.startTs))],
    ['Ends', endText(permit.endTs)],
    ['Reference', typedValue(permit.referenceNo)],
    ['Status', permitStatusLabels[status]],
  ];
}

/**
 * A mail's plain text and HTML, the same facts in each: an opening line, the facts as a labelled
 * list (a table in HTML), the sign-off, and a closing line (a link's text and its HTML) if any.
 */
export function permitMailBodies(
  opening: string,
  facts: Array<[string, string]>,
  closing?: { text: string; html: string },
): { text: string; html: string } {
  const text = [
    opening,
    '',
    ...facts.map(([name, value]) => `${name}: ${value}`),
    '',
    'Kerbside visitor parking',
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
    '<!doctype html><html lang="en-GB"><body>' +
    `<p>${escapeHtml(opening)}</p><table>${rows}</table>` +
    '<p>Kerbside visitor parking</p>' +
    (closing ? `<p>${closing.html}</p>` : '') +
    '</body></html>';
  return { text, html };
}

/**
 * A permit confirmation or reminder, as plain text and as HTML with the same facts: registration,
 * make and model, start and end in UK time, reference and status, what the resident typed only
 * as labelled one-line values in the body, never in the subject. No images, no tracking, no
 * link but the one that switches this kind of mail off, also offered to mail clients as RFC 8058
 * one-click unsubscribe headers.
 */
export function permitMailContent(subject: PermitMailSubject): MailMessage {
  const { permit, kind } = subject;
  const headline = headlines[kind];
  const end = endText(permit.endTs);
  const what = kind === 'reminder' ? 'reminders before a permit ends' : 'permit confirmations';
  const { text, html } = permitMailBodies(
    headline.opening,
    permitMailFacts(permit, subject.status),
    {
      text: `To stop ${what}, open this link: ${subject.switchOffUrl}`,
      html: `<a href="${escapeHtml(subject.switchOffUrl)}">Stop ${escapeHtml(what)}</a>`,
    },
  );
  // Nothing the resident typed (registration, reference label, vehicle) goes into the subject,
  // which mail clients show before any label: only our own words and the end time.
  const about = kind === 'reminder' ? ` ends ${end}` : '';
  return {
    to: subject.to,
    subject: `${headline.subject}: your Kerbside visitor permit${about}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${subject.switchOffUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
