import fc from 'fast-check';
import { normaliseVrm } from '../../../../contract/permit-rules';
import {
  checkRegistration,
  formatRegistration,
  isOneEditApart,
  nearMissOf,
  registrationFormat,
  slipSuggestion,
  type RegistrationFormat,
} from '../../../../machines/permits/rules/uk-registration';

const from = (characters: string) => fc.constantFrom(...characters.split(''));
const text = (characters: string, minLength: number, maxLength: number) =>
  fc.array(from(characters), { minLength, maxLength }).map((chosen) => chosen.join(''));
const number = (maxLength: number) =>
  fc.tuple(from('123456789'), text('0123456789', 0, maxLength - 1)).map(([a, b]) => a + b);

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const memoryTagLetters = 'ABCDEFGHJKLMNOPRSTUVWXY';
const randomLetters = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const yearLetters = 'ABCDEFGHJKLMNPRSTVWXY';
/** Great Britain's dateless marks: I and Z were kept for Northern Ireland, Q for vehicles of
 * unknown age, so a GB mark is never read as a Northern Irish one ("AZ 1" is Northern Irish). */
const datelessLetters = 'ABCDEFGHJKLMNOPRSTUVWXY';

/** A current-format mark (2001 onwards), spaced: memory tag and age identifier, random letters. */
const currentMark = fc
  .tuple(text(memoryTagLetters, 2, 2), text('0123456789', 2, 2), text(randomLetters, 3, 3))
  .map(([tag, age, random]) => `${tag}${age} ${random}`);

/** A mark of every recognised format, spaced as DVLA writes it. */
const recognisedMark: fc.Arbitrary<{ spaced: string; format: RegistrationFormat }> = fc.oneof(
  currentMark.map((spaced) => ({ spaced, format: 'current' as const })),
  fc.tuple(from(yearLetters), number(3), text(letters, 3, 3)).map(([year, digits, random]) => ({
    spaced: `${year}${digits} ${random}`,
    format: 'prefix' as const,
  })),
  fc.tuple(text(letters, 3, 3), number(3), from(yearLetters)).map(([random, digits, year]) => ({
    spaced: `${random} ${digits}${year}`,
    format: 'suffix' as const,
  })),
  fc
    .tuple(text(datelessLetters, 1, 3), number(4))
    .filter(([a, b]) => a.length + b.length <= 6)
    .map(([a, b]) => ({ spaced: `${a} ${b}`, format: 'dateless' as const })),
  fc
    .tuple(number(4), text(datelessLetters, 1, 3))
    .filter(([a, b]) => a.length + b.length <= 6)
    .map(([a, b]) => ({ spaced: `${a} ${b}`, format: 'dateless' as const })),
  fc
    .tuple(
      text(letters, 0, 1),
      fc.constantFrom('AZ', 'BZ', 'IA', 'JI', 'OI', 'UI', 'XI'),
      number(4),
    )
    .map(([extra, code, digits]) => ({
      spaced: `${extra}${code} ${digits}`,
      format: 'northernIreland' as const,
    })),
);

/** Something a resident might type or paste: marks with stray spaces, hyphens, dots, lower case. */
const typedAnyhow = fc
  .tuple(recognisedMark, fc.array(fc.constantFrom(' ', '-', '.', ''), { minLength: 8 }))
  .map(([{ spaced }, separators]) =>
    normaliseVrm(spaced)
      .toLowerCase()
      .split('')
      .map((character, index) => character + separators[index])
      .join(''),
  );

describe('normalising and formatting', () => {
  test.each([
    ['kx19abc', 'KX19 ABC'],
    [' KX-19.A bc ', 'KX19 ABC'],
    ['a123bcd', 'A123 BCD'],
    ['abc123d', 'ABC 123D'],
    ['ab1234', 'AB 1234'],
    ['1234ab', '1234 AB'],
    ['a1', 'A 1'],
    ['abz1234', 'ABZ 1234'],
    ['cd 123 456', 'CD123456'],
  ])('%s is written %s', (typed, written) => {
    expect(formatRegistration(typed)).toBe(written);
  });

  test.each([
    ['AB12 CDE', 'current'],
    ['A123 BCD', 'prefix'],
    ['ABC 123D', 'suffix'],
    ['AB 1234', 'dateless'],
    ['1234 AB', 'dateless'],
    ['ABZ 1234', 'northernIreland'],
    ['CD 123 456', null],
    ['WP-18-TRY', 'current'],
    ['AB12 CD', null],
    ['A012 BCD', null],
  ])('%s is in the %s format', (typed, format) => {
    expect(registrationFormat(typed)).toBe(format);
  });

  test('formatting round-trips: the spaced mark reads back as itself and as the same token', () => {
    fc.assert(
      fc.property(fc.oneof(typedAnyhow, fc.string()), (typed) => {
        const written = formatRegistration(typed);
        expect(formatRegistration(written)).toBe(written);
        expect(normaliseVrm(written)).toBe(normaliseVrm(typed));
      }),
    );
  });

  test('a recognised mark is written as DVLA writes it, whatever spacing it was typed with', () => {
    fc.assert(
      fc.property(recognisedMark, ({ spaced, format }) => {
        expect(formatRegistration(normaliseVrm(spaced).toLowerCase())).toBe(spaced);
        expect(registrationFormat(spaced)).toBe(format);
      }),
    );
  });
});

describe('slips', () => {
  test.each([
    ['AB12 C0E', 'AB12 COE'],
    ['RNO4 BJE', 'RN04 BJE'],
    ['ABI2 CDE', 'AB12 CDE'],
    ['AB1Z CDE', 'AB12 CDE'],
    ['5B12 CDE', 'SB12 CDE'],
    ['A8I2CDE', 'A812 CDE'],
  ])('%s: did you mean %s', (typed, meant) => {
    expect(slipSuggestion(typed)).toBe(meant);
    expect(checkRegistration(typed)).toEqual({ kind: 'slip', suggestion: meant });
  });

  test('an unrecognised mark no swap mends gets no suggestion', () => {
    expect(slipSuggestion('CD 123 456')).toBeNull();
    expect(checkRegistration('CD 123 456')).toEqual({ kind: 'unrecognised' });
    expect(checkRegistration('  ')).toEqual({ kind: 'blank' });
  });

  test('every recognised mark passes untouched: no suggestion, never a confirmation', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          recognisedMark.map(({ spaced }) => spaced),
          typedAnyhow,
        ),
        (typed) => {
          expect(slipSuggestion(typed)).toBeNull();
          expect(checkRegistration(typed)).toEqual({ kind: 'recognised' });
        },
      ),
    );
  });

  test('every single O/0 or I/1 slip of a current-format mark is caught and mended to it', () => {
    const slipped = currentMark.chain((spaced) => {
      const positions = [...spaced].flatMap((character, index) =>
        'O0I1'.includes(character) ? [index] : [],
      );
      return positions.length === 0
        ? fc.constant(null)
        : fc.constantFrom(...positions).map((index) => ({
            original: spaced,
            typed:
              spaced.slice(0, index) +
              ({ O: '0', '0': 'O', I: '1', '1': 'I' } as Record<string, string>)[spaced[index]!]! +
              spaced.slice(index + 1),
          }));
    });
    fc.assert(
      fc.property(slipped, (slip) => {
        if (slip === null) return;
        expect(checkRegistration(slip.typed)).toEqual({ kind: 'slip', suggestion: slip.original });
      }),
      { numRuns: 500 },
    );
  });
});

describe('near misses against recent vehicles', () => {
  const recent = ['YR21FEW', 'AB12CDE'];

  test.each([
    ['YR21 FEV', 'YR21 FEW'],
    ['YR12 FEW', 'YR21 FEW'],
    ['YR21 FE', 'YR21 FEW'],
    ['YR21 FEWW', 'YR21 FEW'],
    ['AB12 CDF', 'AB12 CDE'],
  ])('%s: did you mean %s', (typed, meant) => {
    expect(nearMissOf(typed, recent)).toBe(meant);
  });

  test.each(['YR21 FEW', 'yr21few', 'YR21 GXW', 'KX19 ABC', ''])('%s is no near miss', (typed) => {
    expect(nearMissOf(typed, recent)).toBeNull();
  });

  test('one edit apart is symmetric and means exactly one change, swap, insertion or deletion', () => {
    fc.assert(
      fc.property(
        text('AB12', 1, 7),
        fc.nat(),
        fc.constantFrom('change', 'swap', 'insert', 'delete'),
        (mark, at, edit) => {
          const index = at % mark.length;
          const edited =
            edit === 'change'
              ? mark.slice(0, index) + (mark[index] === 'X' ? 'Y' : 'X') + mark.slice(index + 1)
              : edit === 'insert'
                ? mark.slice(0, index) + 'X' + mark.slice(index)
                : edit === 'delete'
                  ? mark.slice(0, index) + mark.slice(index + 1)
                  : mark.slice(0, index) +
                    (mark[index + 1] ?? '') +
                    mark[index] +
                    mark.slice(index + 2);
          const expected = edited !== mark;
          expect(isOneEditApart(mark, edited)).toBe(expected);
          expect(isOneEditApart(edited, mark)).toBe(expected);
        },
      ),
    );
    expect(isOneEditApart('AB12', 'BA21')).toBe(false);
    expect(isOneEditApart('AB12', 'AB')).toBe(false);
  });
});
