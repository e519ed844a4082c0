import {
  createPermitErrorTitle,
  toCreatePermitErrorMessage,
} from '../../../../machines/permits/add-permit/create-permit-error-message';

const failedDefault = 'Failed to create permit. Please try again.';

describe('toCreatePermitErrorMessage', () => {
  it('titles the error "Creation Failed"', () => {
    expect(createPermitErrorTitle).toBe('Creation Failed');
  });

  it.each([
    ['no answer came back', {}],
    ['the body is not an object', { status: 502, body: '<html>Bad gateway</html>' }],
    ['the body names no known field', { status: 400, body: { detail: 'Not allowed.' } }],
    ['the known fields are empty', { status: 400, body: { vrm: [], make: [''] } }],
    [
      'the message is only the provider-sync prefix',
      { status: 400, body: { non_field_errors: ['Failed to sync with parking provider: '] } },
    ],
  ])('falls back to the default when %s', (_, failure) => {
    expect(toCreatePermitErrorMessage(failure)).toBe(failedDefault);
  });

  it('shows the first message of the first field present, in the spec order', () => {
    const body = {
      driver_last: ['Driver last name is too long.'],
      make: ['This field may not be blank.'],
      vrm: ['Enter a valid registration number (letters and digits only).', 'Second.'],
    };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'Enter a valid registration number (letters and digits only).',
    );
  });

  it.each([
    ['non_field_errors', 'reference_label'],
    ['reference_label', 'vrm'],
    ['vrm', 'end_ts'],
    ['end_ts', 'start_ts'],
    ['start_ts', 'make'],
    ['make', 'model'],
    ['model', 'driver_first'],
    ['driver_first', 'driver_last'],
  ])('prefers %s to %s', (first, second) => {
    const body = { [second]: [`${second} problem.`], [first]: [`${first} problem.`] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(`${first} problem.`);
  });

  it('shows driver_last when it is the only field', () => {
    const body = { driver_last: ['Ensure this field has no more than 50 characters.'] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'Ensure this field has no more than 50 characters.',
    );
  });

  it('accepts a lone string as a field message', () => {
    const body = { start_ts: 'Start must not be in the past.' };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'Start must not be in the past.',
    );
  });

  it('says to try later when the permit failed for failing to sync with the parking provider', () => {
    const body = {
      non_field_errors: [
        'Permit could not be created due to failing to sync with the parking provider.',
      ],
    };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'Unable to create permit at this time. Please try again later.',
    );
  });

  it('shows a held reference number as is', () => {
    const body = {
      reference_label: ['An active permit already exists with reference number FLAT-4'],
    };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'An active permit already exists with reference number FLAT-4',
    );
  });

  it('explains an overlapping permit for the same vehicle and time', () => {
    const body = { non_field_errors: ['A permit for this VRM and time already exists'] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'Overlapping permit detected — adjust or cancel the other permit first.',
    );
  });

  it('shows the permit limit as is', () => {
    const body = { non_field_errors: ['You have reached your permit limit'] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'You have reached your permit limit',
    );
  });

  it('strips the provider-sync prefix and says the service is currently unavailable', () => {
    const body = {
      non_field_errors: ['Failed to sync with parking provider: service is unavailable 503'],
    };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe(
      'service is currently unavailable',
    );
  });

  it('strips the provider-sync prefix from any other reason', () => {
    const body = { vrm: ['Failed to sync with parking provider: vehicle not recognised'] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe('vehicle not recognised');
  });

  it('rewords "service is unavailable NNN" without the prefix too', () => {
    const body = { non_field_errors: ['The permit service is unavailable 504, retrying'] };
    expect(toCreatePermitErrorMessage({ status: 503, body })).toBe(
      'The permit service is currently unavailable, retrying',
    );
  });

  it('shows any other message unchanged', () => {
    const body = { end_ts: ['End must be after the start.'] };
    expect(toCreatePermitErrorMessage({ status: 400, body })).toBe('End must be after the start.');
  });
});
