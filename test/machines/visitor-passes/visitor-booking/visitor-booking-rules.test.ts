import { inviterHasNoPermitsLeftMessage } from '../../../../contract/visitor-pass';
import { formErrors } from '../../../../machines/form-errors';
import { juneNoon } from '../../../../machines/permits/permit-form/permit-form-samples';
import {
  bookingOpensLater,
  earliestArrival,
  mustArriveLater,
  newVisitorBookingForm,
  toVisitorBookingPayload,
  type VisitorBookingFormValues,
} from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-form';
import { visitorBookingSchema } from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-schema';
import { toVisitorBookingFailure } from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-error-message';
import {
  filledBookingForm,
  filledBookingPayload,
  invitation,
} from '../../../../machines/visitor-passes/visitor-booking/visitor-booking-flow-samples';

const schedulingSite = { ...invitation.site, can_schedule_permits: true };
const startsLater = { ...invitation, valid_from: '2026-06-03T09:00:00Z', site: schedulingSite };

const errorsOf = (values: VisitorBookingFormValues, pass = invitation) =>
  formErrors(visitorBookingSchema(pass, juneNoon), values);

describe('the visitor’s booking form', () => {
  it('opens empty, arriving now, or later when the pass starts later', () => {
    expect(newVisitorBookingForm(invitation, juneNoon)).toEqual({
      vrm: '',
      vrm_confirmed: false,
      make: '',
      model: '',
      colour: '',
      schedule: false,
      start: '',
      end: '',
      acknowledged: false,
      receipt_email: '',
    });
    expect(newVisitorBookingForm(startsLater, juneNoon).schedule).toBe(true);
    expect(mustArriveLater(startsLater, juneNoon)).toBe(true);
    expect(bookingOpensLater(startsLater, juneNoon)).toBe(false);
    expect(bookingOpensLater({ ...startsLater, site: invitation.site }, juneNoon)).toBe(true);
    expect(mustArriveLater(invitation, juneNoon)).toBe(false);
  });

  it('offers the pass’s start, or a minute from now when that is later, as the earliest arrival', () => {
    expect(earliestArrival(startsLater, juneNoon)).toBe('2026-06-03T10:00');
    expect(earliestArrival(invitation, juneNoon)).toBe('2026-06-01T12:01');
  });

  it('accepts a booking within the pass, and holds its end to the pass’s end', () => {
    expect(errorsOf(filledBookingForm)).toEqual({});
    expect(errorsOf({ ...filledBookingForm, end: '2026-06-08T10:00' })).toEqual({});
    expect(errorsOf({ ...filledBookingForm, end: '2026-06-08T10:01' })).toEqual({
      end: 'Expiry date must be no later than 08/06/2026 10:00',
    });
  });

  it('holds a chosen start within the pass’s window', () => {
    const later = { ...filledBookingForm, schedule: true, end: '2026-06-07T18:00' };
    expect(errorsOf({ ...later, start: '2026-06-03T10:00' }, startsLater)).toEqual({});
    expect(errorsOf({ ...later, start: '2026-06-03T09:59' }, startsLater)).toEqual({
      start: 'Scheduled start date must be on or after 03/06/2026 10:00',
    });
    expect(
      errorsOf({ ...later, start: '2026-06-08T10:00', end: '2026-06-08T10:00' }, startsLater),
    ).toEqual({
      start: 'Scheduled start date must be before 08/06/2026 10:00',
      end: 'Expiry date must be after the scheduled start date',
    });
  });

  it('gives the messages naming the pass’s times as descriptors, which the screen words in its language', () => {
    const later = { ...filledBookingForm, schedule: true, end: '2026-06-07T18:00' };
    let refusal: unknown;
    try {
      visitorBookingSchema(startsLater, juneNoon).validateSyncAt('start', {
        ...later,
        start: '2026-06-03T09:59',
      });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      errors: [
        {
          id: 'Scheduled start date must be on or after {from}',
          values: { from: '03/06/2026 10:00' },
        },
      ],
    });
  });

  it('asks for nothing of an end under the site’s automatic end', () => {
    const automatic = {
      ...invitation,
      site: { ...invitation.site, default_end_date_limit_hours: 24 },
    };
    expect(errorsOf({ ...filledBookingForm, end: '' }, automatic)).toEqual({});
  });

  it('keeps Add Permit’s rules for the vehicle, the registration and the acknowledgement', () => {
    expect(
      errorsOf({ ...filledBookingForm, vrm: 'AB12 C0E', make: ' ', acknowledged: false }),
    ).toEqual({
      vrm: 'Check the registration against the vehicle, then tick “This registration is correct”.',
      make: 'Make is required',
      acknowledged:
        'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.',
    });
  });

  it('takes a receipt address in the host’s e-mail format, or none', () => {
    expect(errorsOf({ ...filledBookingForm, receipt_email: '' })).toEqual({});
    expect(errorsOf({ ...filledBookingForm, receipt_email: 'sam@' })).toEqual({
      receipt_email: 'Enter an email address in the correct format, like name@example.com',
    });
  });

  it('sends Add Permit’s payload less the driver and the label, with the receipt address', () => {
    // The upper-case registration without its space, now in London, the chosen end, the address.
    expect(toVisitorBookingPayload(filledBookingForm, invitation, juneNoon)).toEqual(
      filledBookingPayload,
    );
    expect(
      toVisitorBookingPayload(
        { ...filledBookingForm, schedule: true, start: '2026-06-03T10:00', receipt_email: ' ' },
        startsLater,
        juneNoon,
      ),
    ).toEqual(expect.objectContaining({ start_ts: '2026-06-03T10:00:00', receipt_email: null }));
  });
});

describe('a refused booking', () => {
  it('says the resident has no permits left, word for word', () => {
    expect(
      toVisitorBookingFailure({
        status: 400,
        body: { non_field_errors: [inviterHasNoPermitsLeftMessage] },
      }),
    ).toEqual({
      message: 'The person who invited you has no permits left right now',
      fieldErrors: null,
    });
  });

  it('words an overlap as Add Permit does, and tells a throttled visitor to wait', () => {
    expect(
      toVisitorBookingFailure({
        status: 400,
        body: { non_field_errors: ['A permit for this VRM and time already exists'] },
      }).message,
    ).toBe('Overlapping permit detected — adjust or cancel the other permit first.');
    expect(toVisitorBookingFailure({ status: 429 })).toEqual({
      message: 'Too many attempts. Please wait a moment and try again.',
      fieldErrors: null,
    });
  });

  it('puts the host’s word on the fields it names, and no general message beside them', () => {
    expect(
      toVisitorBookingFailure({ status: 400, body: { end_ts: ['Too late.'], vrm: ['Bad.'] } }),
    ).toEqual({
      message: null,
      fieldErrors: { vrm: 'Bad.', end: 'Too late.' },
    });
  });
});
