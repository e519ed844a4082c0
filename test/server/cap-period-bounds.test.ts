import { capPeriodBounds } from '../../server/permits/permit-allowance';

// The cap periods' bounds every create passes to the database (migration 0015): London's month and
// quarter around the moment, remembered for the month, so each call in turn must still answer for
// its own moment.
describe('capPeriodBounds', () => {
  it('gives the London month and quarter of each moment, across months, quarters and clock changes', () => {
    const november = {
      monthStart: '2026-11-01T00:00:00.000Z',
      monthEnd: '2026-12-01T00:00:00.000Z',
      // 1 October is in British Summer Time: midnight there is 23:00 UTC the day before.
      quarterStart: '2026-09-30T23:00:00.000Z',
      quarterEnd: '2027-01-01T00:00:00.000Z',
    };
    expect(capPeriodBounds(new Date('2026-11-30T23:59:59.999Z'))).toEqual(november);
    expect(capPeriodBounds(new Date('2026-12-01T00:00:00.000Z'))).toEqual({
      monthStart: '2026-12-01T00:00:00.000Z',
      monthEnd: '2027-01-01T00:00:00.000Z',
      quarterStart: '2026-09-30T23:00:00.000Z',
      quarterEnd: '2027-01-01T00:00:00.000Z',
    });
    expect(capPeriodBounds(new Date('2026-11-15T12:00:00.000Z'))).toEqual(november);
    expect(capPeriodBounds(new Date('2026-11-01T00:00:00.000Z'))).toEqual(november);
    expect(capPeriodBounds(new Date('2026-10-31T23:59:59.999Z'))).toEqual({
      monthStart: '2026-09-30T23:00:00.000Z',
      monthEnd: '2026-11-01T00:00:00.000Z',
      quarterStart: '2026-09-30T23:00:00.000Z',
      quarterEnd: '2027-01-01T00:00:00.000Z',
    });
    // 00:30 on 1 April 2027 in London is 23:30 UTC on 31 March: April, and the second quarter.
    expect(capPeriodBounds(new Date('2027-03-31T23:30:00.000Z'))).toEqual({
      monthStart: '2027-03-31T23:00:00.000Z',
      monthEnd: '2027-04-30T23:00:00.000Z',
      quarterStart: '2027-03-31T23:00:00.000Z',
      quarterEnd: '2027-06-30T23:00:00.000Z',
    });
  });
});
