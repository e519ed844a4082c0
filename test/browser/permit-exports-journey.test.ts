import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { permitCsvColumns } from '../../machines/permits/permit-export/permit-csv';
import { formatRegistration } from '../../machines/permits/rules/uk-registration';
import { launchChromium } from '../../scripts/stack/chromium';
import {
  londonIn,
  registerThroughForm,
  residentApi,
  type E2eResident,
  type ResidentApi,
} from './resident-journeys';
import { sharedStackFixture, type StackFixture } from './stack-fixture';

jest.setTimeout(240_000);

let fixture: StackFixture;
let browser: Browser;
let page: Page;
let api: ResidentApi;

const inviteCode = `E2E-EXPORT-${Date.now()}`;
const resident: E2eResident = {
  email: `mary.${Date.now()}@example.com`,
  first: 'Mary',
  last: 'Jackson',
  password: 'Supersonic7',
};

const registration = (index: number) => `EXP${String(index).padStart(2, '0')}`;

beforeAll(async () => {
  fixture = sharedStackFixture();
  await fixture.admin('invite', 'create', '--code', inviteCode, '--permit-limit', '100');
  browser = await launchChromium();
  page = await (
    await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
  ).newPage();
  await registerThroughForm(page, fixture.stack.webUrl, inviteCode, resident);
  await page.waitForURL(`${fixture.stack.webUrl}/`);
  api = await residentApi(fixture.stack, resident);
  // 25 scheduled permits (two pages of the list), one whose make would start a formula.
  for (let index = 1; index <= 25; index += 1) {
    const created = await api.call('POST', '/api/v1/permits/', {
      vrm: registration(index),
      make: index === 3 ? '=HYPERLINK("http://evil.example")' : 'Ford',
      model: 'Focus',
      colour: 'Grey',
      driver_first: 'Dorothy',
      driver_last: 'Vaughan',
      start_ts: londonIn({ days: 10, minutes: index }),
      end_ts: index === 1 ? londonIn({ days: 11 }) : null,
    });
    expect(created.status).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

/** The file a click downloads. The browser is the browser project's shared one, reached over a
 * connection, so the file is copied here rather than read where the browser put it. */
async function download(click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const directory = mkdtempSync(path.join(tmpdir(), 'kerbside-download-'));
  try {
    const copy = path.join(directory, 'file');
    await file.saveAs(copy);
    return { name: file.suggestedFilename(), text: readFileSync(copy, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

test('"Export CSV" downloads every permit of the list, across its pages, as residents see them', async () => {
  await page.goto(`${fixture.stack.webUrl}/my-permits`);
  await page.getByRole('table', { name: 'Permits' }).waitFor();

  const csv = await download(() => page.getByRole('button', { name: 'Export CSV' }).click());
  // Busy, the button was disabled, and Chromium moved its focus to the body: once the file is
  // made, the focus is back on the button (src/ui/use-focus-back-after-busy.ts).
  const focusBack = await page
    .waitForFunction(() => document.activeElement?.textContent === 'Export CSV', undefined, {
      timeout: 5_000,
    })
    .then(() => true)
    .catch(() => false);
  expect(focusBack).toBe(true);

  const today = DateTime.now().setZone('Europe/London').toFormat('yyyy-MM-dd');
  expect(csv.name).toBe(`kerbside-permits-${today}.csv`);
  expect(csv.text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(csv.text.slice(1), {
    delimiter: ',',
    skipEmptyLines: true,
  }).data;
  expect(rows[0]).toEqual([...permitCsvColumns]);
  expect(rows).toHaveLength(26);
  const byRegistration = new Map(rows.slice(1).map((row) => [row[0], row]));
  expect([...byRegistration.keys()].sort()).toEqual(
    // Spaced as residents read them: EXP10 is a dateless mark, 'EXP 10'; EXP01 is no UK format.
    Array.from({ length: 25 }, (_, index) => formatRegistration(registration(index + 1))).sort(),
  );
  const first = byRegistration.get('EXP01')!;
  expect(first.slice(1, 4)).toEqual(['Ford', 'Focus', 'Grey']);
  expect(first[4]).toMatch(/^KS-/);
  expect(first[5]).toBe('Scheduled');
  expect(first[6]).toBe('Dorothy Vaughan');
  expect(first[7]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(first[8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(byRegistration.get('EXP02')![8]).toBe('Indefinite');
  expect(byRegistration.get('EXP03')![1]).toBe(`'=HYPERLINK("http://evil.example")`);
});

test('"Add to calendar" downloads an iCalendar file that ical.js reads as the permit', async () => {
  await page.goto(`${fixture.stack.webUrl}/my-permits?search=EXP01`);
  const row = page
    .getByRole('table', { name: 'Permits' })
    .getByRole('row')
    .filter({ hasText: 'EXP01' });
  await row.waitFor();

  const ics = await download(() =>
    row.getByRole('button', { name: 'Add to calendar permit EXP01' }).click(),
  );

  expect(ics.name).toMatch(/^kerbside-permit-EXP01-KS-[A-Z0-9]+\.ics$/);
  expect(ics.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  const calendar = new ICAL.Component(ICAL.parse(ics.text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect(event.summary).toBe('Visitor permit EXP01');
  const stored = (
    (await api.call('GET', '/api/v1/permits/?search=EXP01')).body as {
      results: Array<{ start_ts: string; end_ts: string }>;
    }
  ).results[0]!;
  expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(stored.start_ts));
  expect(event.endDate.toJSDate().getTime()).toBe(Date.parse(stored.end_ts));
});

/** The mails in the shared stack's outbox to `to`, as the mailer wrote them. */
function mailsTo(to: string): Array<{ subject: string; text: string }> {
  const outbox = path.join(fixture.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as {
          to: Array<{ address: string }>;
          subject: string;
          text: string;
        },
    )
    .filter((mail) => mail.to[0]?.address === to);
}

/** Waits up to 30 s for a mail to the resident that `found` accepts. */
async function mailFound(found: (mail: { subject: string; text: string }) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = mailsTo(resident.email).find(found);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const subjects = mailsTo(resident.email).map(({ subject }) => subject);
      throw new Error(`Not in the outbox: ${subjects.join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('the host e-mails permit confirmations and the "Ending soon:" reminder once the address is confirmed', async () => {
  // Registered through the form, the address is not confirmed yet: the 25 permits of beforeAll
  // were booked without a mail.
  const confirmation = await mailFound(({ subject }) =>
    subject.startsWith('Confirm your e-mail address'),
  );
  expect(mailsTo(resident.email).map(({ subject }) => subject)).toEqual([confirmation.subject]);
  const link = /^http\S+\/email-verification\/confirm\/\?\S+$/m.exec(confirmation.text)?.[0];
  expect(link).toBeDefined();
  const confirmPage = await page.context().newPage();
  await confirmPage.goto(link!);
  await confirmPage.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await confirmPage.getByText('Your e-mail address is confirmed').waitFor();
  await confirmPage.close();

  const ending = await api.call('POST', '/api/v1/permits/', {
    vrm: 'END01',
    make: 'Ford',
    model: 'Focus',
    colour: '',
    driver_first: '',
    driver_last: '',
    start_ts: londonIn({}),
    end_ts: londonIn({ minutes: 30 }),
  });
  expect(ending.status).toBe(201);
  const aboutEnd01 = (text: string) => /^Registration: END01$/m.test(text);
  await mailFound(
    ({ subject, text }) =>
      subject === 'Permit booked: your Kerbside visitor permit' && aboutEnd01(text),
  );
  await mailFound(
    ({ subject, text }) =>
      subject.startsWith('Ending soon: your Kerbside visitor permit ends ') && aboutEnd01(text),
  );
});
