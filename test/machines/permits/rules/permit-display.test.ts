import {
  driverName,
  formatPermitTime,
  isIndefiniteEnd,
  parsePermitTime,
  permitDisplay,
  referenceText,
  vehicleText,
} from '../../../../machines/permits/rules/permit-display';
import { listedPermit } from '../../../../machines/permits/my-permits/permit-list-flow-samples';

describe('isIndefiniteEnd', () => {
  it.each([
    ['the API host’s year-9999 end', '9999-12-01T00:00:00.000Z'],
    ['a year-9999 end with an offset', '9999-12-01T00:00:00+01:00'],
    ['a year-9999 date', '9999-12-01'],
    ['the text Indefinite', 'Indefinite'],
  ])('is true for %s', (_, endTs) => {
    expect(isIndefiniteEnd(endTs)).toBe(true);
  });

  it.each([
    ['an ordinary end', '2026-06-02T17:00:00.000Z'],
    ['year 9998', '9998-12-01T00:00:00.000Z'],
    ['a time that only contains 9999 later on', '2026-06-02T17:00:00.9999Z'],
    ['another word', 'Never'],
    ['nothing', ''],
  ])('is false for %s', (_, endTs) => {
    expect(isIndefiniteEnd(endTs)).toBe(false);
  });
});

describe('formatPermitTime', () => {
  it.each([
    ['a summer UTC time in British Summer Time', '2026-06-01T11:00:00.000Z', '01/06/2026 12:00'],
    ['a winter UTC time as it is', '2026-01-15T09:05:00Z', '15/01/2026 09:05'],
    ['a time with an offset', '2026-06-01T13:30:00+02:00', '01/06/2026 12:30'],
    ['a London time without an offset', '2026-06-01T12:00:00', '01/06/2026 12:00'],
    ['a London time without seconds', '2026-12-24T18:45', '24/12/2026 18:45'],
    ['the last minute before the clocks go forward', '2026-03-29T00:59:00Z', '29/03/2026 00:59'],
    ['the first minute after they went forward', '2026-03-29T01:00:00Z', '29/03/2026 02:00'],
    ['the first 01:30 when the clocks go back', '2026-10-25T00:30:00Z', '25/10/2026 01:30 (BST)'],
    ['the second 01:30 when the clocks go back', '2026-10-25T01:30:00Z', '25/10/2026 01:30 (GMT)'],
    ['an afternoon, 24-hour', '2026-02-03T15:07:00Z', '03/02/2026 15:07'],
  ])(
    'shows %s in London, dd/MM/yyyy HH:mm (naming BST or GMT in the repeated hour)',
    (_, ts, shown) => {
      expect(formatPermitTime(ts)).toBe(shown);
    },
  );

  it.each(['9999-12-01T00:00:00.000Z', 'Indefinite'])('shows %s as "Indefinite"', (ts) => {
    expect(formatPermitTime(ts)).toBe('Indefinite');
  });

  it('shows a text that is not a time as it came', () => {
    expect(formatPermitTime('pending')).toBe('pending');
  });
});

describe('parsePermitTime', () => {
  it('reads a London time without an offset as that wall time', () => {
    expect(parsePermitTime('2026-06-01T12:00:00')?.toUTC().toISO()).toBe(
      '2026-06-01T11:00:00.000Z',
    );
  });

  it('is null for a text that is not a time', () => {
    expect(parsePermitTime('tomorrow')).toBeNull();
  });
});

describe('driverName', () => {
  it.each([
    ['Sam', 'Jones', 'Sam Jones'],
    ['Sam', '', 'Sam'],
    ['', 'Jones', 'Jones'],
    ['  Sam ', ' Jones ', 'Sam Jones'],
    ['', '', 'No driver'],
    [' ', '  ', 'No driver'],
  ])('shows first %j and last %j as %j', (driver_first, driver_last, shown) => {
    expect(driverName({ driver_first, driver_last })).toBe(shown);
  });
});

describe('referenceText', () => {
  it.each([
    ['PLUMBER', 'PLUMBER'],
    ['REF-00042', 'REF-00042'],
    ['', 'N/A'],
    ['  ', 'N/A'],
  ])('shows reference %j as %j', (reference_no, shown) => {
    expect(referenceText({ reference_no })).toBe(shown);
  });
});

describe('vehicleText', () => {
  it('shows make, model and colour', () => {
    expect(vehicleText({ make: 'Ford', model: 'Focus', colour: 'Blue' })).toBe(
      'Ford / Focus / Blue',
    );
  });

  it('leaves out a colour that was not given', () => {
    expect(vehicleText({ make: 'Ford', model: 'Focus', colour: '' })).toBe('Ford / Focus');
  });
});

describe('permitDisplay', () => {
  it('gives every text of a row', () => {
    expect(
      permitDisplay(
        listedPermit({
          vrm: 'ab12cde',
          status: 'CANCEL_PENDING',
          driver_first: '',
          driver_last: '',
          reference_no: '',
          end_ts: '9999-12-01T00:00:00.000Z',
        }),
      ),
    ).toEqual({
      registration: 'AB12CDE',
      vehicle: 'Ford / Focus / Blue',
      reference: 'N/A',
      driver: 'No driver',
      status: { label: 'Cancelling…', colour: 'orange' },
      start: '01/06/2026 12:00',
      end: 'Indefinite',
    });
  });

  it('gives the times and names of a permit that has them', () => {
    expect(permitDisplay(listedPermit())).toMatchObject({
      reference: 'PLUMBER',
      driver: 'Sam Jones',
      status: { label: 'Active', colour: 'green' },
      start: '01/06/2026 12:00',
      end: '02/06/2026 18:00',
    });
  });
});
