import { DateTime } from 'luxon';
import { toPermitCreatePayload } from '../../../../machines/permits/add-permit/to-permit-create-payload';
import {
  filledForm,
  fullSite,
  juneNoon,
  plainSite,
} from '../../../../machines/permits/permit-form/permit-form-samples';

describe('toPermitCreatePayload', () => {
  it('sends the vehicle and driver, the start as now in London and the chosen end', () => {
    expect(toPermitCreatePayload(filledForm, plainSite, juneNoon)).toEqual({
      vrm: 'AB12CDE',
      make: 'Ford',
      model: 'Focus',
      colour: 'Blue',
      driver_first: 'Sam',
      driver_last: 'Jones',
      start_ts: '2026-06-01T12:00:00',
      end_ts: '2026-06-02T18:00:00',
    });
  });

  it('leaves the reference label out unless the site allows it', () => {
    const values = { ...filledForm, reference_label: 'Plumber' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon)).not.toHaveProperty(
      'reference_label',
    );
    expect(toPermitCreatePayload(values, fullSite, juneNoon)).toMatchObject({
      reference_label: 'Plumber',
    });
  });

  it('sends the registration upper-cased without spaces, hyphens or dots', () => {
    const values = { ...filledForm, vrm: ' ab-12  c.de ' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon).vrm).toBe('AB12CDE');
  });

  it('sends empty optional fields as empty text', () => {
    const values = { ...filledForm, colour: '', driver_first: ' ', driver_last: '' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon)).toMatchObject({
      colour: '',
      driver_first: '',
      driver_last: '',
    });
  });

  it('sends the scheduled start when scheduling is allowed and ticked', () => {
    const values = { ...filledForm, schedule: true, start: '2026-06-02T09:15' };
    expect(toPermitCreatePayload(values, fullSite, juneNoon).start_ts).toBe('2026-06-02T09:15:00');
  });

  it('sends now when the schedule box is not ticked, whatever the start field holds', () => {
    const values = { ...filledForm, schedule: false, start: '2026-06-02T09:15' };
    expect(toPermitCreatePayload(values, fullSite, juneNoon).start_ts).toBe('2026-06-01T12:00:00');
  });

  it('sends now when the site does not allow scheduling, even if the box was ticked', () => {
    const values = { ...filledForm, schedule: true, start: '2026-06-02T09:15' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon).start_ts).toBe('2026-06-01T12:00:00');
  });

  it('sends no end when the permit is indefinite', () => {
    const values = { ...filledForm, indefinite: true, end: '' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon).end_ts).toBeNull();
  });

  it('sends no end when the site ends permits automatically', () => {
    const site = { ...plainSite, default_end_date_limit_hours: 24 };
    expect(toPermitCreatePayload(filledForm, site, juneNoon).end_ts).toBeNull();
  });

  it('accepts now as a luxon DateTime in any zone', () => {
    const now = DateTime.fromISO('2026-06-01T07:00:00', { zone: 'America/New_York' });
    expect(toPermitCreatePayload(filledForm, plainSite, now).start_ts).toBe('2026-06-01T12:00:00');
  });

  it('refuses to turn a missing end into an indefinite permit', () => {
    const values = { ...filledForm, end: '' };
    expect(() => toPermitCreatePayload(values, plainSite, juneNoon)).toThrow(
      /end "" is not a date/,
    );
  });

  describe.each([
    ['spring forward, March 2026', '2026-03-29', '00:30:00', '02:30:00'],
    ['fall back, October 2026', '2026-10-25', '01:30:00', '01:30:00'],
    ['spring forward, March 2027', '2027-03-28', '00:30:00', '02:30:00'],
    ['fall back, October 2027', '2027-10-31', '01:30:00', '01:30:00'],
  ])('on the clock change (%s)', (_, day, before, after) => {
    it(`sends 00:30 UTC as ${before} London time`, () => {
      const now = new Date(`${day}T00:30:00Z`);
      expect(toPermitCreatePayload(filledForm, plainSite, now).start_ts).toBe(`${day}T${before}`);
    });

    it(`sends 01:30 UTC as ${after} London time`, () => {
      const now = new Date(`${day}T01:30:00Z`);
      expect(toPermitCreatePayload(filledForm, plainSite, now).start_ts).toBe(`${day}T${after}`);
    });
  });

  it('never sends a scheduled start in the hour skipped in spring (the rules refuse it)', () => {
    const values = { ...filledForm, schedule: true, start: '2026-03-29T01:30' };
    const now = new Date('2026-03-28T12:00:00Z');
    expect(() => toPermitCreatePayload(values, fullSite, now)).toThrow(
      /start "2026-03-29T01:30" is not a date/,
    );
  });

  it('sends a scheduled start in the hour repeated in autumn as the wall time chosen', () => {
    const values = { ...filledForm, schedule: true, start: '2026-10-25T01:30' };
    const now = new Date('2026-10-24T12:00:00Z');
    expect(toPermitCreatePayload(values, fullSite, now).start_ts).toBe('2026-10-25T01:30:00');
  });

  it('sends a chosen end in winter time as the wall time chosen', () => {
    const values = { ...filledForm, end: '2026-12-24T17:45' };
    expect(toPermitCreatePayload(values, plainSite, juneNoon).end_ts).toBe('2026-12-24T17:45:00');
  });
});
