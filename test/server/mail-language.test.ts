import { AttemptThrottle } from '../../server/auth/attempt-throttle';
import { createHostLogger } from '../../server/logging/create-host-logger';
import { createPermitMailDispatcher } from '../../server/mail/create-permit-mail-dispatcher';
import type { MailMessage } from '../../server/mail/mailer';
import type { PollingLoop } from '../../server/polling/create-polling-loop';
// The Welsh mail catalogue, compiled from locales/cy/mail.po (lingui.config.ts): its keys are
// the English texts of the mails.
import { messages as welshMessages } from '../../locales/cy/mail';
import {
  call,
  createInvite,
  customTokenOf,
  signInWithCustomToken,
  startTestApi,
  strongPassword,
  registration,
  type TestApi,
} from '../../scripts/stack/test-api';
import { londonNow, permitOf, permitPayload, signedInPermitClient } from './support/permit-api';
import type { PermitClient } from './support/permit-api';
import { eventually } from './support/reconciler-fixtures';
import { openTestDatabase, type TestDatabase } from './support/test-database';
import { bookingOf, bookingPayload, createPass, visitor } from './support/visitor-pass-api';

jest.setTimeout(120_000);

/** Changes of language a resident may make in the window, here. */
const languageLimit = 6;

let database: TestDatabase;
let api: TestApi;
let dispatcher: PollingLoop;
const sent: MailMessage[] = [];
const mailer = {
  send: async (message: MailMessage) => {
    sent.push(message);
  },
  close: () => {},
};

beforeAll(async () => {
  database = await openTestDatabase();
  api = await startTestApi(database.db, {
    mailer,
    throttles: {
      languageAccount: new AttemptThrottle({
        name: 'language-account',
        limit: languageLimit,
        windowMs: 60_000,
      }),
    },
  });
  dispatcher = createPermitMailDispatcher({
    db: database.db,
    mailer,
    settings: { intervalMs: 20, reminderLeadMs: 60 * 60_000 },
    publicUrl: () => api.url,
    log: createHostLogger({ level: 'silent' }),
  });
  dispatcher.start();
});

afterAll(async () => {
  await dispatcher?.stop();
  await api?.close();
  await database?.close();
});

const languagePath = '/api/v1/me/language/';

function putLanguage(resident: PermitClient | null, body: unknown) {
  return call(`${api.url}${languagePath}`, 'PUT', {
    body,
    headers: resident ? { authorization: `Bearer ${resident.idToken}` } : {},
  });
}

/** The first mail to `to` whose subject starts so. */
function mailArriving(to: string, subjectStart: string): Promise<MailMessage> {
  return eventually(
    async () =>
      sent.find((mail) => mail.to === to && mail.subject.startsWith(subjectStart)) ?? undefined,
    10_000,
  );
}

/** Every sentence of the English catalogue (its ids) that a part of a mail still carries. */
function englishSentencesIn(part: string | undefined): string[] {
  if (part === undefined) throw new Error('The mail has no such part.');
  return Object.keys(welshMessages).filter(
    // A sentence, not a one-word label: "Status" is no English left in "Statws".
    (english) => english.includes(' ') && part.includes(english.replace(/ ?\{\w+\}.*$/, '')),
  );
}

const welshDateTime =
  /dydd (Llun|Mawrth|Mercher|Iau|Gwener|Sadwrn|Sul) \d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}, \d{2}:\d{2}/;

describe('GET/PUT /api/v1/me/language/', () => {
  it('is English for a resident who never chose, then what they choose, after signing in again too', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    expect(await resident.get(languagePath)).toMatchObject({
      status: 200,
      body: { language: 'en' },
    });

    expect(await putLanguage(resident, { language: 'cy' })).toMatchObject({
      status: 200,
      body: { language: 'cy' },
    });
    expect((await resident.get(languagePath)).body).toEqual({ language: 'cy' });

    const login = await call(`${api.url}/api/v1/auth/login/`, 'POST', {
      body: { email: resident.email, password: strongPassword },
    });
    expect(login.status).toBe(200);
    const idToken = await signInWithCustomToken(customTokenOf(login.body));
    const again = await call(`${api.url}${languagePath}`, 'GET', {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(again).toMatchObject({ status: 200, body: { language: 'cy' } });
  });

  it('refuses anything but "en" or "cy", with a field message, and changes nothing', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    expect(await putLanguage(resident, { language: 'fr' })).toMatchObject({
      status: 400,
      body: { language: ['"fr" is not a valid choice.'] },
    });
    expect(await putLanguage(resident, {})).toMatchObject({
      status: 400,
      body: { language: ['This field is required.'] },
    });
    expect(await putLanguage(resident, { language: null })).toMatchObject({
      status: 400,
      body: { language: ['This field may not be null.'] },
    });
    expect((await putLanguage(resident, { language: 'cy', extra: 1 })).status).toBe(400);
    expect((await putLanguage(resident, ['cy'])).status).toBe(400);
    expect((await resident.get(languagePath)).body).toEqual({ language: 'en' });
  });

  it('answers 401 without a bearer token', async () => {
    expect((await call(`${api.url}${languagePath}`, 'GET')).status).toBe(401);
    expect((await putLanguage(null, { language: 'cy' })).status).toBe(401);
  });

  it('throttles changes per resident (429 with Retry-After), not another resident’s', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    for (let change = 0; change < languageLimit; change += 1) {
      expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    }
    const refused = await putLanguage(resident, { language: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(/^Too many changes of language\. Try again in \d+ seconds\.$/),
    });
    expect((await resident.get(languagePath)).body).toEqual({ language: 'cy' });

    const other = await signedInPermitClient(api.url, database.db);
    expect((await putLanguage(other, { language: 'cy' })).status).toBe(200);
  });
});

describe('mails in the resident’s language', () => {
  it('a Welsh-speaking resident’s confirmation and end reminder are in Welsh: subject, text and HTML', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    const permit = permitOf(
      await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })),
    );

    const reminder = await mailArriving(resident.email, 'Yn dod i ben cyn bo hir: ');
    expect(reminder.subject).toMatch(
      new RegExp(
        `^Yn dod i ben cyn bo hir: eich trwydded ymwelydd Kerbside, dyddiad gorffen ${welshDateTime.source}$`,
      ),
    );
    for (const line of [
      'Mae eich trwydded ymwelydd yn dod i ben cyn bo hir.',
      `Rhif cofrestru: ${permit.vrm}`,
      'Parcio i ymwelwyr Kerbside',
      'I roi’r gorau i nodiadau atgoffa cyn i drwydded ddod i ben, agorwch y ddolen hon: ',
    ]) {
      expect(reminder.text).toContain(line);
    }
    expect(reminder.text).toMatch(new RegExp(`Yn gorffen: ${welshDateTime.source}`));
    expect(reminder.html).toContain('<html lang="cy">');
    expect(reminder.html).toContain('<th align="left" style="padding:2px 12px 2px 0">Statws</th>');
    expect(reminder.html).toContain(
      'Rhoi’r gorau i nodiadau atgoffa cyn i drwydded ddod i ben</a>',
    );
    expect(reminder.html).toMatch(welshDateTime);
    for (const part of [reminder.subject, reminder.text, reminder.html]) {
      expect(englishSentencesIn(part)).toEqual([]);
      expect(part).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    }

    const booked = await mailArriving(resident.email, 'Trwydded wedi’i harchebu: ');
    expect(booked.subject).toBe('Trwydded wedi’i harchebu: eich trwydded ymwelydd Kerbside');
    expect(booked.text).toContain('Mae eich trwydded ymwelydd wedi’i harchebu.');
    for (const part of [booked.subject, booked.text, booked.html]) {
      expect(englishSentencesIn(part)).toEqual([]);
    }
  });

  it('an English-speaking resident’s reminder stays in English', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    permitOf(await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })));
    const reminder = await mailArriving(resident.email, 'Ending soon: ');
    expect(reminder.subject).toMatch(
      /^Ending soon: your Kerbside visitor permit ends \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(reminder.html).toContain('<html lang="en-GB">');
  });

  it('a Welsh-speaking resident’s password-reset mail is in Welsh, its expiry a Welsh date', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    const answer = await call(`${api.url}/api/v1/auth/password-reset/`, 'POST', {
      body: { email: resident.email },
    });
    expect(answer.status).toBe(200);

    const mail = await mailArriving(resident.email, 'Ailosod eich cyfrinair Kerbside');
    expect(mail.subject).toBe('Ailosod eich cyfrinair Kerbside');
    expect(mail.text).toContain(
      'Mae rhywun wedi gofyn am ailosod cyfrinair eich cyfrif Kerbside. I ddewis cyfrinair newydd, agorwch y ddolen hon:',
    );
    expect(mail.text).toMatch(
      new RegExp(
        `Dim ond unwaith y mae’r ddolen yn gweithio, a daw i ben ar yr amser hwn \\(amser y DU\\): ${welshDateTime.source}`,
      ),
    );
    // The link opens the page in Welsh, on a device that has not chosen a language.
    expect(mail.text).toMatch(/\/reset-password\?uid=[^&\s]+&token=[^&\s]+&lang=cy\s/);
    expect(englishSentencesIn(mail.subject + mail.text)).toEqual([]);
  });

  it('a password-reset mail is in the language of the page that asked, else the account’s', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const askFor = (acceptLanguage?: string) =>
      call(`${api.url}/api/v1/auth/password-reset/`, 'POST', {
        body: { email: resident.email },
        ...(acceptLanguage && { headers: { 'accept-language': acceptLanguage } }),
      });

    // The account's language is English; the reader chose Welsh on a device, signed out.
    expect((await askFor('cy')).status).toBe(200);
    expect((await mailArriving(resident.email, 'Ailosod')).subject).toBe(
      'Ailosod eich cyfrinair Kerbside',
    );
    expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    expect((await askFor('en-GB,cy;q=0.5')).status).toBe(200);
    expect((await mailArriving(resident.email, 'Reset')).subject).toBe(
      'Reset your Kerbside password',
    );
  });

  it('a resident who registers reading Welsh has mails in Welsh from the first, one reading English in English', async () => {
    const inWelsh = registration(await createInvite(database.db, { uses: 1 }));
    const inEnglish = registration(await createInvite(database.db, { uses: 1 }));
    const register = (details: typeof inWelsh, acceptLanguage: string) =>
      call(`${api.url}/api/v1/auth/register/`, 'POST', {
        body: details,
        headers: { 'accept-language': acceptLanguage },
      });

    expect((await register(inWelsh, 'cy')).status).toBe(201);
    expect((await register(inEnglish, 'en-GB,cy;q=0.5')).status).toBe(201);

    expect((await mailArriving(inWelsh.email, 'Cadarnhewch')).subject).toBe(
      'Cadarnhewch eich cyfeiriad e-bost ar gyfer Kerbside',
    );
    expect((await mailArriving(inEnglish.email, 'Confirm')).subject).toBe(
      'Confirm your e-mail address for Kerbside',
    );
  });

  it('a Welsh-speaking resident’s e-mail confirmation link comes in Welsh', async () => {
    const resident = await signedInPermitClient(api.url, database.db, { emailVerified: false });
    expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    expect((await resident.post('/api/v1/me/email-verification/')).status).toBe(202);

    const mail = await mailArriving(resident.email, 'Cadarnhewch eich cyfeiriad e-bost');
    expect(mail.subject).toBe('Cadarnhewch eich cyfeiriad e-bost ar gyfer Kerbside');
    expect(mail.text).toContain('Mae’r ddolen yn gweithio am 7 diwrnod.');
    expect(mail.text).toContain('/api/v1/email-verification/confirm/?');
    expect(englishSentencesIn(mail.subject + mail.text)).toEqual([]);
  });

  it('the pages of a Welsh-speaking resident’s mailed links are in Welsh: switching reminders off, confirming the address', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    expect((await putLanguage(resident, { language: 'cy' })).status).toBe(200);
    permitOf(await resident.create(permitPayload({ end_ts: londonNow({ minutes: 30 }) })));
    const reminder = await mailArriving(resident.email, 'Yn dod i ben cyn bo hir: ');
    const switchOff = /^<(.+)>$/.exec(reminder.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';

    const asked = await (await fetch(switchOff)).text();
    expect(asked).toContain('<html lang="cy">');
    expect(asked).toContain('<h1>Rhoi’r gorau i nodiadau atgoffa cyn i drwydded ddod i ben?</h1>');
    expect(asked).toContain(
      '<button type="submit">Rhoi’r gorau i nodiadau atgoffa cyn i drwydded ddod i ben</button>',
    );
    const done = await (await fetch(switchOff, { method: 'POST' })).text();
    expect(done).toContain(
      '<h1>Ni fyddwch yn cael rhagor o nodiadau atgoffa cyn i drwydded ddod i ben</h1>',
    );
    expect(done).toContain('<p>Gallwch eu troi ymlaen eto yn Kerbside, o dan Gosodiadau.</p>');

    const newcomer = await signedInPermitClient(api.url, database.db, { emailVerified: false });
    expect((await putLanguage(newcomer, { language: 'cy' })).status).toBe(200);
    expect((await newcomer.post('/api/v1/me/email-verification/')).status).toBe(202);
    const mail = await mailArriving(newcomer.email, 'Cadarnhewch eich cyfeiriad e-bost');
    // The mail names the page's button as the page shows it.
    expect(mail.text).toContain('"Cadarnhau fy nghyfeiriad e-bost"');
    const confirm =
      /(http\S+\/api\/v1\/email-verification\/confirm\/\?\S+)/.exec(mail.text)?.[1] ?? '';
    const shown = await (await fetch(confirm)).text();
    expect(shown).toContain('<html lang="cy">');
    expect(shown).toContain('<button type="submit">Cadarnhau fy nghyfeiriad e-bost</button>');
    const confirmed = await (await fetch(confirm, { method: 'POST' })).text();
    expect(confirmed).toContain('<h1>Mae eich cyfeiriad e-bost wedi’i gadarnhau</h1>');
    for (const page of [asked, done, shown, confirmed]) {
      expect(englishSentencesIn(page)).toEqual([]);
    }
  });

  it('a visitor’s receipt is in the language the booking names, English when it names none', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident, { uses: 2 });
    const welsh = bookingOf(
      await visitor(api.url, pass.token).book(
        bookingPayload({ receipt_email: 'ymwelydd@kerbside.test', language: 'cy' }),
      ),
    );
    const receipt = await mailArriving('ymwelydd@kerbside.test', 'Parcio wedi’i archebu: ');
    expect(receipt.subject).toBe(
      'Parcio wedi’i archebu: derbynneb eich trwydded ymwelydd Kerbside',
    );
    expect(receipt.text).toContain(`Rhif cofrestru: ${welsh.vrm}`);
    expect(receipt.html).toContain('<html lang="cy">');
    for (const part of [receipt.subject, receipt.text, receipt.html]) {
      expect(englishSentencesIn(part)).toEqual([]);
    }

    bookingOf(
      await visitor(api.url, pass.token).book(
        bookingPayload({ receipt_email: 'visitor@kerbside.test' }),
      ),
    );
    const english = await mailArriving('visitor@kerbside.test', 'Parking booked: ');
    expect(english.subject).toBe('Parking booked: your Kerbside visitor permit receipt');
  });

  it('refuses a booking whose language is neither "en" nor "cy"', async () => {
    const resident = await signedInPermitClient(api.url, database.db);
    const pass = await createPass(resident);
    expect(
      await visitor(api.url, pass.token).book(bookingPayload({ language: 'de' })),
    ).toMatchObject({ status: 400, body: { language: ['"de" is not a valid choice.'] } });
  });
});
