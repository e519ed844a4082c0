import { inEnglish } from '../../../support/in-english';
import {
  toRegisterErrorMessage,
  toRegisterMissingTokenMessage,
} from '../../../../machines/auth/register/register-error-message';

describe('toRegisterErrorMessage', () => {
  it("shows the server's error field", () => {
    expect(toRegisterErrorMessage({ status: 400, body: { error: 'Invalid invite code.' } })).toBe(
      'Invalid invite code.',
    );
  });

  it('prefers the error field to the field messages', () => {
    expect(
      toRegisterErrorMessage({
        status: 400,
        body: { error: 'Invite code has been used up.', email: ['Enter a valid email address.'] },
      }),
    ).toBe('Invite code has been used up.');
  });

  it("joins the field messages into sentences in the spec's field order", () => {
    expect(
      toRegisterErrorMessage({
        status: 400,
        body: {
          permit_limit: ['Ensure this value is greater than or equal to 0.'],
          invite_code: ['This invite code is not valid'],
          last_name: ['This field may not be blank.'],
          first_name: ['This field may not be blank.'],
          password: ['This password is too short', 'It must contain a digit!'],
          email: ['A user with that email already exists.'],
        },
      }),
    ).toBe(
      'A user with that email already exists. This password is too short. It must contain a digit! ' +
        'This field may not be blank. This field may not be blank. This invite code is not valid. ' +
        'Ensure this value is greater than or equal to 0.',
    );
  });

  it('accepts a field message given as a lone string', () => {
    expect(
      toRegisterErrorMessage({ status: 400, body: { email: 'Enter a valid email address' } }),
    ).toBe('Enter a valid email address.');
  });

  it.each([
    { status: 400, body: {} },
    { status: 400, body: { detail: 'Bad request.', non_field_errors: ['Something else.'] } },
    { status: 400, body: { email: [], error: '' } },
    { status: 409, body: 'Conflict' },
    {},
  ])('falls back to the generic message for %j', (failure) => {
    expect(toRegisterErrorMessage(failure)).toBe(
      'Registration failed. Please check your details and try again.',
    );
  });

  it('says there were too many attempts on 429, whatever the body', () => {
    expect(toRegisterErrorMessage({ status: 429, body: { error: 'Request was throttled.' } })).toBe(
      'Too many registration attempts. Please wait a moment and try again.',
    );
    expect(toRegisterErrorMessage({ status: 429, body: '<html>Too Many Requests</html>' })).toBe(
      'Too many registration attempts. Please wait a moment and try again.',
    );
  });

  it.each([500, 502, 503])('reports a server error on %i, whatever the body', (status) => {
    expect(
      toRegisterErrorMessage({ status, body: { error: 'Traceback (most recent call last)' } }),
    ).toBe('Server error. Please try again later or contact support.');
    expect(toRegisterErrorMessage({ status, body: '<html>Bad Gateway</html>' })).toBe(
      'Server error. Please try again later or contact support.',
    );
  });
});

describe('toRegisterMissingTokenMessage', () => {
  it('follows the warning with "Please log in with your credentials"', () => {
    expect(
      inEnglish(
        toRegisterMissingTokenMessage({
          warning: 'Your account was created but sign-in is unavailable.',
        }),
      ),
    ).toBe(
      'Your account was created but sign-in is unavailable. Please log in with your credentials',
    );
  });

  it.each([{}, { warning: null }, { warning: ' ' }])(
    'says authentication failed without a warning (%j)',
    (answer) => {
      expect(toRegisterMissingTokenMessage(answer)).toBe(
        'Registration successful but authentication failed. Please log in.',
      );
    },
  );
});
