import {
  minimumDateTimeLocal,
  minimumExpiry,
} from '../../../../machines/permits/permit-form/permit-form-rules';
import { validatePermitForm } from '../../../../machines/permits/permit-form/permit-form-schema';
import {
  filledForm,
  fullSite,
  juneNoon,
  plainSite,
} from '../../../../machines/permits/permit-form/permit-form-samples';

const schedulingSite = { ...plainSite, can_schedule_permits: true };

const acknowledgementMessage =
  'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.';

describe('validatePermitForm', () => {
  it('accepts a complete form', () => {
    expect(validatePermitForm(filledForm, plainSite, juneNoon)).toEqual({});
  });

  it.each(['AB12 C0E', 'CD 123 456'])(
    'holds back the registration %p until "This registration is correct" is ticked',
    (vrm) => {
      expect(validatePermitForm({ ...filledForm, vrm }, plainSite, juneNoon)).toEqual({
        vrm: 'Check the registration against the vehicle, then tick “This registration is correct”.',
      });
      expect(
        validatePermitForm({ ...filledForm, vrm, vrm_confirmed: true }, plainSite, juneNoon),
      ).toEqual({});
    },
  );

  it('never holds back a registration in a UK format', () => {
    for (const vrm of ['KX19 ABC', 'a123bcd', 'ABC 123D', 'AB 1234', '1234 AB', 'ABZ 1234']) {
      expect(validatePermitForm({ ...filledForm, vrm }, plainSite, juneNoon)).toEqual({});
    }
  });

  it('asks for the acknowledgement, word for word', () => {
    const values = { ...filledForm, acknowledged: false };
    expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({
      acknowledged: acknowledgementMessage,
    });
  });

  it('requires registration number, make and model, and counts spaces as empty', () => {
    const values = { ...filledForm, vrm: '', make: '  ', model: '' };
    expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({
      vrm: 'Registration number is required',
      make: 'Make is required',
      model: 'Model is required',
    });
  });

  it('leaves colour and driver names optional', () => {
    const values = { ...filledForm, colour: '', driver_first: '', driver_last: '' };
    expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({});
  });

  it('requires the reference label only when the site allows it', () => {
    const values = { ...filledForm, reference_label: '' };
    expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({});
    expect(validatePermitForm(values, fullSite, juneNoon)).toEqual({
      reference_label: 'Reference label is required',
    });
  });

  it('refuses a reference label longer than the host stores, on the field', () => {
    const fits = { ...filledForm, reference_label: 'x'.repeat(50) };
    expect(validatePermitForm(fits, fullSite, juneNoon)).toEqual({});
    expect(
      validatePermitForm({ ...fits, reference_label: 'x'.repeat(51) }, fullSite, juneNoon),
    ).toEqual({
      reference_label: 'Reference label must be 50 characters or fewer',
    });
  });

  it('refuses vehicle and driver texts longer than the host stores, each on its field', () => {
    const fits = {
      ...filledForm,
      make: 'm'.repeat(50),
      model: 'm'.repeat(50),
      colour: 'c'.repeat(30),
      driver_first: 'f'.repeat(50),
      driver_last: 'l'.repeat(50),
    };
    expect(validatePermitForm(fits, plainSite, juneNoon)).toEqual({});
    const tooLong = {
      make: `${fits.make}m`,
      model: `${fits.model}m`,
      colour: `${fits.colour}c`,
      driver_first: `${fits.driver_first}f`,
      driver_last: `${fits.driver_last}l`,
    };
    expect(validatePermitForm({ ...fits, ...tooLong }, plainSite, juneNoon)).toEqual({
      make: 'Make must be 50 characters or fewer',
      model: 'Model must be 50 characters or fewer',
      colour: 'Colour must be 30 characters or fewer',
      driver_first: 'Driver first name must be 50 characters or fewer',
      driver_last: 'Driver last name must be 50 characters or fewer',
    });
  });

  describe('expiry', () => {
    it('is required when the resident picks the end', () => {
      const values = { ...filledForm, end: '' };
      expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({
        end: 'Expiry date is required',
      });
    });

    it('is not required when "Set as Indefinite" is ticked', () => {
      const values = { ...filledForm, end: '', indefinite: true };
      expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({});
    });

    it('is not required when the site ends permits automatically', () => {
      const values = { ...filledForm, end: '' };
      const site = { ...plainSite, default_end_date_limit_hours: 24 };
      expect(validatePermitForm(values, site, juneNoon)).toEqual({});
    });

    it.each([
      ['now', '2026-06-01T12:00'],
      ['an hour ago', '2026-06-01T11:00'],
    ])('must be in the future, not %s', (_, end) => {
      expect(validatePermitForm({ ...filledForm, end }, plainSite, juneNoon)).toEqual({
        end: 'Expiry date must be in the future',
      });
    });

    it('may be a minute from now', () => {
      const values = { ...filledForm, end: '2026-06-01T12:01' };
      expect(validatePermitForm(values, plainSite, juneNoon)).toEqual({});
    });
  });

  describe('scheduled start', () => {
    const scheduled = { ...filledForm, schedule: true };

    it('is required when the schedule box is ticked', () => {
      expect(validatePermitForm({ ...scheduled, start: '' }, schedulingSite, juneNoon)).toEqual({
        start: 'Scheduled start date is required',
      });
    });

    it('is not checked when the site does not allow scheduling', () => {
      expect(validatePermitForm({ ...scheduled, start: '' }, plainSite, juneNoon)).toEqual({});
    });

    it('is not checked when the box is not ticked', () => {
      const values = { ...filledForm, start: '2026-05-01T09:00' };
      expect(validatePermitForm(values, schedulingSite, juneNoon)).toEqual({});
    });

    it.each([
      ['now', '2026-06-01T12:00'],
      ['yesterday', '2026-05-31T12:00'],
    ])('must be in the future, not %s', (_, start) => {
      expect(validatePermitForm({ ...scheduled, start }, schedulingSite, juneNoon)).toEqual({
        start: 'Scheduled start date must be in the future',
      });
    });

    it('must be at least 1 minute ahead', () => {
      const now = new Date('2026-06-01T11:00:30Z');
      expect(
        validatePermitForm({ ...scheduled, start: '2026-06-01T12:01' }, schedulingSite, now),
      ).toEqual({ start: 'Scheduled start date must be at least 1 minute in the future' });
    });

    it('may be exactly 1 minute ahead', () => {
      const values = { ...scheduled, start: '2026-06-01T12:01' };
      expect(validatePermitForm(values, schedulingSite, juneNoon)).toEqual({});
    });

    it('is read as London time across the spring clock change', () => {
      // 00:59 UTC is 00:59 GMT; 02:00 BST is 01:00 UTC, one minute later.
      const now = new Date('2026-03-29T00:59:00Z');
      const values = { ...scheduled, start: '2026-03-29T02:00', end: '2026-03-30T09:00' };
      expect(validatePermitForm(values, schedulingSite, now)).toEqual({});
    });
  });

  describe('Repeat weekly', () => {
    const series = {
      ...filledForm,
      schedule: true,
      start: '2026-06-08T18:00',
      end: '2026-06-08T21:00',
      repeat_weekly: true,
      weeks: '3',
    };

    it('accepts 2 to 8 weeks from a scheduled start, and nothing else', () => {
      for (const weeks of ['2', '8', ' 5 ']) {
        expect(validatePermitForm({ ...series, weeks }, schedulingSite, juneNoon)).toEqual({});
      }
      for (const weeks of ['', '1', '9', '2.5', 'two', '-3']) {
        expect(validatePermitForm({ ...series, weeks }, schedulingSite, juneNoon)).toEqual({
          weeks: 'Enter a number of weeks from 2 to 8',
        });
      }
    });

    it('needs weeks that end before the next starts', () => {
      expect(
        validatePermitForm({ ...series, indefinite: true, end: '' }, schedulingSite, juneNoon),
      ).toEqual({
        weeks: 'A weekly series needs an expiry date, so each week ends before the next starts',
      });
      expect(
        validatePermitForm({ ...series, end: '2026-06-15T18:00' }, schedulingSite, juneNoon),
      ).toEqual({
        weeks: 'Each week must end less than 7 days after it starts, before the next starts',
      });
    });

    it('checks no weeks without a scheduled start, or on a site that cannot schedule', () => {
      const unscheduled = { ...series, schedule: false, start: '', weeks: '' };
      expect(validatePermitForm(unscheduled, schedulingSite, juneNoon)).toEqual({});
      expect(validatePermitForm({ ...series, weeks: '' }, plainSite, juneNoon)).toEqual({});
    });
  });

  it('reports every invalid field at once', () => {
    const values = { ...filledForm, vrm: '', end: '', schedule: true, acknowledged: false };
    expect(Object.keys(validatePermitForm(values, fullSite, juneNoon)).sort()).toEqual([
      'acknowledged',
      'end',
      'reference_label',
      'start',
      'vrm',
    ]);
  });
});

describe('minimumDateTimeLocal', () => {
  it('is now plus 1 minute as a London datetime-local value', () => {
    expect(minimumDateTimeLocal(juneNoon)).toBe('2026-06-01T12:01');
  });

  it('rounds up to the next whole minute so the minimum itself passes the rules', () => {
    const now = new Date('2026-06-01T11:00:30Z');
    expect(minimumDateTimeLocal(now)).toBe('2026-06-01T12:02');
    const values = { ...filledForm, schedule: true, start: minimumDateTimeLocal(now) };
    expect(validatePermitForm(values, schedulingSite, now)).toEqual({});
  });

  it('is in winter time after the autumn clock change', () => {
    expect(minimumDateTimeLocal(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T01:31');
  });
});

describe('minimumExpiry', () => {
  it('is the chosen start when the permit is scheduled', () => {
    const values = { ...filledForm, schedule: true, start: '2026-06-03T08:00' };
    expect(minimumExpiry(values, juneNoon)).toBe('2026-06-03T08:00');
  });

  it('is now plus 1 minute when the permit is not scheduled', () => {
    const values = { ...filledForm, schedule: false, start: '2026-06-03T08:00' };
    expect(minimumExpiry(values, juneNoon)).toBe('2026-06-01T12:01');
  });

  it('is now plus 1 minute while the scheduled start is still empty', () => {
    expect(minimumExpiry({ ...filledForm, schedule: true, start: '' }, juneNoon)).toBe(
      '2026-06-01T12:01',
    );
  });
});
