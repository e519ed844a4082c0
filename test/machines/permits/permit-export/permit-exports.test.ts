import fc from 'fast-check';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import { siteTimeZone } from '../../../../contract/london-wall-time';
import type { Permit } from '../../../../contract/permit';
import type { SayMessage } from '../../../../machines/say-message';
import {
  permitCsv,
  permitCsvColumns,
  permitCsvFileName,
} from '../../../../machines/permits/permit-export/permit-csv';
import {
  foldIcsLine,
  permitIcs,
  permitIcsFileName,
} from '../../../../machines/permits/rules/permit-ics';
import {
  isIndefiniteEnd,
  parsePermitTime,
} from '../../../../machines/permits/rules/permit-display';
import { weeklySeriesOf } from '../../../../machines/permits/rules/weekly-series';
import { inWelsh } from '../../../support/in-welsh';

function permit(changes: Partial<Permit> = {}): Permit {
  return {
    id: 7,
    vrm: 'KX19ABC',
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    reference_no: 'KS-ABCD2345',
    label: false,
    driver_first: 'Grace',
    driver_last: 'Hopper',
    status: 'ACTIVE',
    start_ts: '2026-07-01T09:00:00Z',
    end_ts: '2026-07-01T17:30:00Z',
    ...changes,
  };
}

/** The CSV read back as a spreadsheet would, without its byte-order mark. */
function parsedCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.slice(1), { delimiter: ',', skipEmptyLines: true }).data;
}

describe('"Export CSV" file', () => {
  it('starts with a UTF-8 byte-order mark, then the header and one row per permit as residents see it', async () => {
    const text = await permitCsv([
      permit(),
      permit({ vrm: 'AB12CDE', status: 'FAILED_LIMIT', end_ts: '9999-12-01T00:00:00Z' }),
      permit({ driver_first: '', driver_last: '', reference_no: '', colour: '' }),
    ]);

    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('\r\n');
    expect(parsedCsv(text)).toEqual([
      [...permitCsvColumns],
      // 10:00 and 18:30 in London: British Summer Time.
      [
        'KX19 ABC',
        'Ford',
        'Focus',
        'Blue',
        'KS-ABCD2345',
        'Active',
        'Grace Hopper',
        '01/07/2026 10:00',
        '01/07/2026 18:30',
      ],
      [
        'AB12 CDE',
        'Ford',
        'Focus',
        'Blue',
        'KS-ABCD2345',
        'Failed - Limit Exceeded',
        'Grace Hopper',
        '01/07/2026 10:00',
        'Indefinite',
      ],
      [
        'KX19 ABC',
        'Ford',
        'Focus',
        '',
        'N/A',
        'Active',
        'No driver',
        '01/07/2026 10:00',
        '01/07/2026 18:30',
      ],
    ]);
  });

  it.each(['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises a cell that would start a formula: %j',
    async (formula) => {
      const [, row] = parsedCsv(await permitCsv([permit({ make: formula, model: formula })]));
      expect(row?.[1]).toBe(`'${formula}`);
      expect(row?.[2]).toBe(`'${formula}`);
    },
  );

  it('keeps commas, quotes, line breaks and accents in a cell intact', async () => {
    const make = 'Citroën, "DS"\nline two';
    const [, row] = parsedCsv(await permitCsv([permit({ make })]));
    expect(row?.[1]).toBe(make);
  });

  it('names the file after the London date', () => {
    // 23:30 UTC on 31 July is already 1 August in London.
    expect(permitCsvFileName(new Date('2026-07-31T23:30:00Z'))).toBe(
      'kerbside-permits-2026-08-01.csv',
    );
    expect(permitCsvFileName(new Date('2026-12-31T23:30:00Z'))).toBe(
      'kerbside-permits-2026-12-31.csv',
    );
  });
});

function parsedEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: new ICAL.Event(events[0]!) };
}

describe('"Add to calendar" file', () => {
  const now = new Date('2026-06-30T12:00:00Z');

  it('is a VCALENDAR with PRODID, VERSION 2.0 and one VEVENT that ical.js reads back', () => {
    const text = permitIcs(permit(), now);
    const { calendar, event } = parsedEvent(text);

    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Kerbside//Visitor permits//EN');
    expect(event.uid).toBe('kerbside-permit-7@kerbside');
    expect(event.summary).toBe('Visitor permit KX19 ABC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-01T17:30:00.000Z');
    expect(event.component.getFirstPropertyValue('dtstamp')?.toString()).toBe(
      '2026-06-30T12:00:00Z',
    );
    expect(event.description).toContain('Reference: KS-ABCD2345');
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes a visitor’s booking, which has no id and no driver, named by its reference', () => {
    const { vrm, make, model, colour, status, start_ts, end_ts } = permit();
    const booking = {
      vrm,
      make,
      model,
      colour,
      status,
      start_ts,
      end_ts,
      reference_no: 'KS-VIS00001',
    };
    const { event } = parsedEvent(permitIcs(booking, now));

    expect(event.uid).toBe('kerbside-permit-KS-VIS00001@kerbside');
    expect(event.summary).toBe('Visitor permit KX19 ABC');
    expect(event.description).toBe(
      'Vehicle: Ford / Focus / Blue\nReference: KS-VIS00001\nStatus: Active\nEnds: 01/07/2026 18:30',
    );
  });

  it('makes a short event at the start of a permit without an end', () => {
    const { event } = parsedEvent(permitIcs(permit({ end_ts: '9999-12-01T00:00:00Z' }), now));
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-01T09:30:00.000Z');
    expect(event.description).toContain('Ends: Indefinite');
  });

  it("keeps the instants across the clock changes (the repeated October hour, March's skipped one)", () => {
    // 01:30 BST and 01:30 GMT on 25 October 2026 are an hour apart.
    const autumn = parsedEvent(
      permitIcs(permit({ start_ts: '2026-10-25T00:30:00Z', end_ts: '2026-10-25T01:30:00Z' }), now),
    ).event;
    expect(autumn.startDate.toJSDate().toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(autumn.endDate.toJSDate().toISOString()).toBe('2026-10-25T01:30:00.000Z');
    // A London wall time without an offset (as the app sends them): 03:00 BST is 02:00 UTC.
    const spring = parsedEvent(
      permitIcs(permit({ start_ts: '2026-03-29T00:30:00', end_ts: '2026-03-29T03:00:00' }), now),
    ).event;
    expect(spring.startDate.toJSDate().toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(spring.endDate.toJSDate().toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('folds lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const long = `DESCRIPTION:${'Citroën Ë '.repeat(30)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);

    const text = permitIcs(
      permit({ make: 'Citroën'.repeat(12), driver_first: 'Zoë; "Ann", \\' }),
      now,
    );
    for (const line of text.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const { event } = parsedEvent(text);
    expect(event.description).toContain(`Vehicle: ${'Citroën'.repeat(12)} / Focus / Blue`);
    expect(event.description).toContain('Driver: Zoë; "Ann", \\ Hopper');
  });

  it.each([
    ['a bare CR', '\r'],
    ['a bare LF', '\n'],
    ['CRLF', '\r\n'],
  ])(
    'keeps %s in a make or model inside its value: no line of its own, read back as a line break',
    (_name, lineBreak) => {
      // A calendar that ends a line at a bare CR would otherwise read the text after it as a
      // property or component of its own (RFC 5545 §3.1 allows only CRLF, §3.3.11 escapes a
      // line break in TEXT as \n).
      const injected = `Ford${lineBreak}END:VEVENT${lineBreak}BEGIN:VEVENT${lineBreak}SUMMARY:Pay now`;
      const text = permitIcs(permit({ make: injected, model: `Focus${lineBreak}ATTACH:x` }), now);

      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(text).not.toMatch(/^(SUMMARY:Pay now|ATTACH:x)/m);
      const { event } = parsedEvent(text);
      expect(event.summary).toBe('Visitor permit KX19 ABC');
      expect(event.description).toContain(
        'Vehicle: Ford\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Pay now / Focus\nATTACH:x / Blue',
      );
    },
  );

  it('drops control characters a TEXT value may not hold, keeping a tab', () => {
    const { event } = parsedEvent(
      permitIcs(permit({ make: 'Fo\u0000r\u001bd\u007f', model: 'Focus\tST' }), now),
    );
    expect(event.description).toContain('Vehicle: Ford / Focus\tST / Blue');
  });

  it('names the file after the registration and reference', () => {
    expect(permitIcsFileName(permit())).toBe('kerbside-permit-KX19ABC-KS-ABCD2345.ics');
  });
});

describe('a weekly series in the calendar', () => {
  const now = new Date('2026-10-01T12:00:00Z');
  // 18:00 to 20:00 London on three Tuesdays; the clocks go back between the second and third.
  const weeks = [
    permit({ id: 1, start_ts: '2026-10-20T17:00:00Z', end_ts: '2026-10-20T19:00:00Z' }),
    permit({ id: 2, start_ts: '2026-10-27T18:00:00Z', end_ts: '2026-10-27T20:00:00Z' }),
    permit({ id: 3, start_ts: '2026-10-13T17:00:00Z', end_ts: '2026-10-13T19:00:00Z' }),
  ];
  const others = [
    permit({
      id: 4,
      vrm: 'AB12CDE',
      start_ts: '2026-11-03T18:00:00Z',
      end_ts: '2026-11-03T20:00:00Z',
    }),
    permit({
      id: 5,
      status: 'CANCELLED',
      start_ts: '2026-11-03T18:00:00Z',
      end_ts: '2026-11-03T20:00:00Z',
    }),
    permit({ id: 6, start_ts: '2026-10-06T17:00:00Z', end_ts: '2026-10-06T19:30:00Z' }),
    permit({ id: 8, start_ts: '2026-11-10T18:00:00Z', end_ts: '2026-11-10T20:00:00Z' }),
  ];

  it('is found among the list: same vehicle, wall-clock time and length, week after week without a gap', () => {
    const list = [...others, ...weeks];
    for (const member of weeks) {
      expect(weeklySeriesOf(member, list).map(({ id }) => id)).toEqual([3, 1, 2]);
    }
    // Another vehicle, a cancelled week, a longer permit and one after a gap stand alone.
    for (const alone of others) {
      expect(weeklySeriesOf(alone, list).map(({ id }) => id)).toEqual([alone.id]);
    }
  });

  it('is the same series as comparing the permit with every other one in the list', () => {
    // The rule, read as the definition says it (the code finds the same series in one pass a list).
    const wallTimes = ({ start_ts, end_ts }: Permit) => {
      const start = parsePermitTime(start_ts);
      const end = isIndefiniteEnd(end_ts) ? null : parsePermitTime(end_ts);
      if (!start || !end) return null;
      const wall = (instant: DateTime) =>
        DateTime.fromISO(instant.setZone(siteTimeZone).toFormat("yyyy-MM-dd'T'HH:mm"), {
          zone: 'utc',
        });
      return { start: wall(start), minutes: wall(end).diff(wall(start), 'minutes').minutes };
    };
    const seriesByComparison = (own: Permit, list: readonly Permit[]): number[] => {
      const times = wallTimes(own);
      if (times === null || own.status === 'CANCELLED') return [own.id];
      const vehicle = (candidate: Permit) => candidate.vrm.replace(/\s+/g, '').toUpperCase();
      const weekOf = new Map<number, Permit>();
      for (const candidate of list) {
        const theirs = wallTimes(candidate);
        if (vehicle(candidate) !== vehicle(own) || candidate.status === 'CANCELLED') continue;
        if (theirs === null || theirs.minutes !== times.minutes) continue;
        const weeks = theirs.start.diff(times.start, 'weeks').weeks;
        if (Number.isInteger(weeks)) weekOf.set(weeks, candidate);
      }
      const series = [own];
      for (let week = -1; weekOf.has(week); week -= 1) series.unshift(weekOf.get(week)!);
      for (let week = 1; weekOf.has(week); week += 1) series.push(weekOf.get(week)!);
      return series.map(({ id }) => id);
    };
    // Tuesdays at 17:00 or 18:00 UTC around the clock change, two lengths, an open end, three
    // spellings of one registration and another vehicle, a few cancelled, and few enough weeks
    // that two permits often share one.
    const listedPermit = fc.record({
      week: fc.integer({ min: 0, max: 3 }),
      hour: fc.constantFrom(17, 17, 18),
      length: fc.constantFrom('2h', '2h', '2.5h', 'open'),
      vrm: fc.constantFrom('KX19ABC', 'KX19 ABC', 'kx19abc', 'AB12CDE'),
      cancelled: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    });
    fc.assert(
      fc.property(fc.array(listedPermit, { maxLength: 16 }), fc.nat(), (drawn, pick) => {
        const list = drawn.map(({ week, hour, length, vrm, cancelled }, index) => {
          const start = DateTime.fromISO('2026-10-13T00:00:00Z', { zone: 'utc' }).plus({
            weeks: week,
            hours: hour,
          });
          const hours = length === '2h' ? 2 : 2.5;
          return permit({
            id: index + 1,
            vrm,
            status: cancelled ? 'CANCELLED' : 'ACTIVE',
            start_ts: start.toISO({ suppressMilliseconds: true })!,
            end_ts:
              length === 'open'
                ? '9999-12-31T23:59:59Z'
                : start.plus({ hours }).toISO({ suppressMilliseconds: true })!,
          });
        });
        for (const member of list) {
          expect(weeklySeriesOf(member, list).map(({ id }) => id)).toEqual(
            seriesByComparison(member, list),
          );
        }
        // A permit compared with a list it is not in.
        const outsider = { ...(list[pick % Math.max(1, list.length)] ?? permit()), id: 99 };
        expect(weeklySeriesOf(outsider, list).map(({ id }) => id)).toEqual(
          seriesByComparison(outsider, list),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('exports as one file with an event for each week, at 18:00 London across the clock change', () => {
    const series = weeklySeriesOf(weeks[0]!, [...others, ...weeks]);
    const text = permitIcs(series, now);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));

    expect(events.map((event) => event.uid)).toEqual([
      'kerbside-permit-3@kerbside',
      'kerbside-permit-1@kerbside',
      'kerbside-permit-2@kerbside',
    ]);
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
      '2026-10-13T17:00:00.000Z',
      '2026-10-20T17:00:00.000Z',
      '2026-10-27T18:00:00.000Z',
    ]);
    expect(permitIcsFileName(weeks[0]!, true)).toBe('kerbside-permit-KX19ABC-weekly.ics');
  });
});

describe('the files in Welsh, for a resident reading the app in Welsh', () => {
  const say: SayMessage = inWelsh;

  it('"Export CSV" heads its columns and words its statuses, "no driver" and "no end" in Welsh; the data stays as typed', async () => {
    const text = await permitCsv(
      [permit({ driver_first: '', driver_last: '', end_ts: '9999-12-01T00:00:00Z' })],
      say,
    );
    expect(parsedCsv(text)).toEqual([
      [
        'Rhif cofrestru',
        'Gwneuthuriad',
        'Model',
        'Lliw',
        'Cyfeirnod',
        'Statws',
        'Gyrrwr',
        'Dechrau',
        'Diwedd',
      ],
      [
        'KX19 ABC',
        'Ford',
        'Focus',
        'Blue',
        'KS-ABCD2345',
        'Gweithredol',
        'Dim gyrrwr',
        '01/07/2026 10:00',
        'Amhenodol',
      ],
    ]);
  });

  it('"Add to calendar" names and describes the permit in Welsh', () => {
    const { event } = parsedEvent(permitIcs(permit(), new Date('2026-06-30T12:00:00Z'), say));
    expect(event.summary).toBe('Trwydded ymwelydd KX19 ABC');
    expect(event.description).toBe(
      'Cerbyd: Ford / Focus / Blue\nCyfeirnod: KS-ABCD2345\nGyrrwr: Grace Hopper\nStatws: Gweithredol\nYn dod i ben: 01/07/2026 18:30',
    );
  });
});
