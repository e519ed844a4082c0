import {
  permitActionMessages,
  toActivatePermitErrorMessage,
  toCancelPermitErrorMessage,
  toUpdatePermitErrorMessage,
  toUpdatePermitRefusalMessage,
} from '../../../../machines/permits/permit-dialogs/permit-action-error-message';

describe('permit action error titles', () => {
  it('are the spec words', () => {
    expect(permitActionMessages.activationTitle).toBe('Activation Failed');
    expect(permitActionMessages.cancellationTitle).toBe('Cancellation Failed');
    expect(permitActionMessages.updateTitle).toBe('Update Failed');
  });
});

describe.each([
  [
    'toActivatePermitErrorMessage',
    toActivatePermitErrorMessage,
    'Failed to activate permit. Please try again.',
  ],
  [
    'toCancelPermitErrorMessage',
    toCancelPermitErrorMessage,
    'Failed to cancel permit. Please try again.',
  ],
])('%s', (_, toMessage, failedDefault) => {
  it.each([
    ['no answer came back', {}],
    ['the body is not an object', { status: 502, body: '<html>Bad gateway</html>' }],
    ['the body names no known field', { status: 400, body: { end_ts: ['Too late.'] } }],
    ['the known fields are empty', { status: 400, body: { non_field_errors: [], detail: ' ' } }],
  ])('falls back to the default when %s', (__, failure) => {
    expect(toMessage(failure)).toBe(failedDefault);
  });

  it('shows the first of non_field_errors', () => {
    const body = { non_field_errors: ['A permit with status ACTIVE cannot be activated.', 'Two.'] };
    expect(toMessage({ status: 400, body })).toBe(
      'A permit with status ACTIVE cannot be activated.',
    );
  });

  it.each([
    ['detail', 'Not found.'],
    ['error', 'Provider unreachable'],
    ['message', 'Internal error'],
  ])('shows %s when it is the only field', (field, text) => {
    expect(toMessage({ status: 400, body: { [field]: text } })).toBe(text);
  });

  it.each([
    ['non_field_errors', 'detail'],
    ['detail', 'error'],
    ['error', 'message'],
  ])('prefers %s to %s', (first, second) => {
    const body = { [second]: [`${second} problem.`], [first]: [`${first} problem.`] };
    expect(toMessage({ status: 400, body })).toBe(`${first} problem.`);
  });
});

describe('toUpdatePermitErrorMessage', () => {
  const failedDefault = 'Failed to update permit. Please try again.';

  it.each([
    ['no answer came back', {}],
    ['the body is not an object', { status: 502, body: '<html>Bad gateway</html>' }],
    ['the body names no known field', { status: 404, body: { detail: 'Not found.' } }],
    ['the known fields are empty', { status: 400, body: { end_ts: [''], error: null } }],
  ])('falls back to the default when %s', (_, failure) => {
    expect(toUpdatePermitErrorMessage(failure)).toBe(failedDefault);
  });

  it.each([
    ['non_field_errors', ['A permit with status EXPIRED cannot be updated.', 'Second.']],
    ['end_ts', ['End must be after the start.', 'Second.']],
    ['start_ts', ['Start must be at least 1 minute ahead.']],
    ['error', 'Provider refused the change'],
    ['message', 'Permit could not be updated'],
  ])('shows the first message of %s when it is the only field', (field, messages) => {
    const first = Array.isArray(messages) ? messages[0] : messages;
    expect(toUpdatePermitErrorMessage({ status: 400, body: { [field]: messages } })).toBe(first);
  });

  it.each([
    ['non_field_errors', 'end_ts'],
    ['end_ts', 'start_ts'],
    ['start_ts', 'error'],
    ['error', 'message'],
  ])('prefers %s to %s', (first, second) => {
    const body = { [second]: [`${second} problem.`], [first]: [`${first} problem.`] };
    expect(toUpdatePermitErrorMessage({ status: 400, body })).toBe(`${first} problem.`);
  });
});

describe('toUpdatePermitRefusalMessage', () => {
  it('finds no refusal in a body without an error flag', () => {
    expect(toUpdatePermitRefusalMessage({})).toBeNull();
    expect(toUpdatePermitRefusalMessage({ error: false, message: 'Updated.' })).toBeNull();
  });

  it('finds no refusal in an empty answer', () => {
    expect(toUpdatePermitRefusalMessage(null)).toBeNull();
  });

  it('raises the message of a body with an error flag', () => {
    const body = { error: true, message: 'The parking provider refused the change.' };
    expect(toUpdatePermitRefusalMessage(body)).toBe('The parking provider refused the change.');
  });

  it('raises "Failed to update permit" when the flagged body has no message', () => {
    expect(toUpdatePermitRefusalMessage({ error: 'provider' })).toBe('Failed to update permit');
    expect(toUpdatePermitRefusalMessage({ error: true, message: '' })).toBe(
      'Failed to update permit',
    );
  });
});
