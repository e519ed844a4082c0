import { setupI18n } from '@lingui/core';
import { messages as welshMessages } from '../../../locales/cy/app';
import { capPeriodName } from '../../../src/i18n/cap-period-name';
import { hostTextIn, ruleValuesIn } from '../../../src/i18n/host-text';

// The reference host's words as it answers them (server/), and as each reader sees them.
const welsh = setupI18n({ locale: 'cy', messages: { cy: welshMessages } });
// English as a browser build has it: no catalogue, and no compiler (src/i18n/i18n.ts).
const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler((message) => [message]);

test.each([
  ['Invalid email or password.', 'Cyfeiriad e-bost neu gyfrinair annilys.'],
  [
    'Too many failed login attempts. Try again in 30 seconds.',
    'Gormod o ymdrechion aflwyddiannus i fewngofnodi. Rhowch gynnig arall arni ymhen 30 eiliad.',
  ],
  [
    'Too many failed login attempts. Try again in 1 second.',
    'Gormod o ymdrechion aflwyddiannus i fewngofnodi. Rhowch gynnig arall arni ymhen 1 eiliad.',
  ],
  [
    'The end cannot be changed: permits on this site end 1 hour after their start.',
    'Ni ellir newid y diwedd: mae trwyddedau ar y safle hwn yn dod i ben 1 awr ar ôl iddynt ddechrau.',
  ],
  ['You have reached your permit limit', 'Rydych wedi cyrraedd eich terfyn trwyddedau'],
  ['Start must not be in the past.', 'Ni chaiff y dechrau fod yn y gorffennol.'],
  [
    'You have reached your permit activation cap for November 2026',
    'Rydych wedi cyrraedd eich cap gweithredu ar gyfer Tachwedd 2026',
  ],
  [
    'You have reached your permit activation cap for Q4 2026',
    'Rydych wedi cyrraedd eich cap gweithredu ar gyfer Ch4 2026',
  ],
  [
    'A permit with status EXPIRED cannot be cancelled.',
    'Ni ellir canslo trwydded â’r statws ‘Wedi dod i ben’.',
  ],
  [
    'An active permit already exists with reference number FLAT 12',
    'Mae trwydded weithredol eisoes yn bodoli gyda’r cyfeirnod FLAT 12',
  ],
  ['A visitor pass can last at most 31 days', 'Gall tocyn ymwelydd bara 31 diwrnod ar y mwyaf'],
  [
    'You can have at most 50 visitor passes ready at once. Withdraw one to send another.',
    'Ni allwch gael mwy na 50 tocyn ymwelydd yn barod ar yr un pryd. Tynnwch un yn ôl i anfon un arall.',
  ],
  ['A server error occurred.', 'Digwyddodd gwall gweinydd.'],
  ['Not found.', 'Heb ei ganfod.'],
  [
    'The sign-in service is unavailable. Please try again later.',
    'Nid yw’r gwasanaeth mewngofnodi ar gael. Rhowch gynnig arall arni yn nes ymlaen.',
  ],
  ['User account is disabled.', 'Mae’r cyfrif defnyddiwr wedi’i analluogi.'],
  ['Signing you in failed.', 'Methwyd â’ch mewngofnodi.'],
  [
    'Your account was created, but signing you in failed.',
    'Cafodd eich cyfrif ei greu, ond methwyd â’ch mewngofnodi.',
  ],
])('the host’s "%s" reads in Welsh "%s"', (hostText, inWelsh) => {
  expect(hostTextIn(welsh, hostText)).toBe(inWelsh);
});

test.each([
  'Too many failed login attempts. Try again in 30 seconds.',
  'You have reached your permit activation cap for November 2026',
  'A permit with status EXPIRED cannot be cancelled.',
  'The end cannot be changed: permits on this site end 24 hours after their start.',
])('in English the host’s "%s" reads as it came', (hostText) => {
  expect(hostTextIn(english, hostText)).toBe(hostText);
});

test('the host’s texts run together as sentences (a password refused for two rules) each read in Welsh', () => {
  expect(
    hostTextIn(
      welsh,
      'The password must contain at least one uppercase letter. The password must contain at least one digit.',
    ),
  ).toBe(
    'Rhaid i’r cyfrinair gynnwys o leiaf un briflythyren. Rhaid i’r cyfrinair gynnwys o leiaf un digid.',
  );
  // A text of two sentences is read whole, not sentence by sentence; one the catalogue does not
  // know stays as it came.
  expect(
    hostTextIn(
      welsh,
      'Your current password was entered incorrectly. Please enter it again. The car park is closed. Not found.',
    ),
  ).toBe(
    'Rhoddwyd eich cyfrinair presennol yn anghywir. Rhowch ef eto. The car park is closed. Heb ei ganfod.',
  );
  const inEnglish = 'The password must contain at least one digit. Not found.';
  expect(hostTextIn(english, inEnglish)).toBe(inEnglish);
});

test('words a council’s host does not share are shown as they came, in either language', () => {
  expect(hostTextIn(welsh, 'The car park is closed today.')).toBe('The car park is closed today.');
  expect(hostTextIn(welsh, 'You have reached your permit activation cap for the spring')).toBe(
    'Rydych wedi cyrraedd eich cap gweithredu ar gyfer the spring',
  );
});

test('a cap period keeps the host’s name in English and has its Welsh name in Welsh', () => {
  expect(capPeriodName(english, 'November 2026')).toBe('November 2026');
  expect(capPeriodName(welsh, 'February 2027')).toBe('Chwefror 2027');
  expect(capPeriodName(welsh, 'Q1 2027')).toBe('Ch1 2027');
});

test('a date’s missing boxes are listed in Welsh, and left as the rule listed them in English', () => {
  const values = { field: 'Expiry date', parts: 'day and hour', missing: ['day', 'hour'] };
  expect(ruleValuesIn(welsh, values)).toEqual({ ...values, parts: 'diwrnod ac awr' });
  expect(ruleValuesIn(english, values)).toEqual(values);
});
