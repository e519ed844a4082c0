import { inEnglish } from '../../../support/in-english';
import {
  toLoginErrorMessage,
  toLoginMissingTokenMessage,
} from '../../../../machines/auth/login/login-error-message';

describe('toLoginErrorMessage', () => {
  it("shows the server's detail", () => {
    expect(
      toLoginErrorMessage({ status: 401, body: { detail: 'Invalid email or password.' } }),
    ).toBe('Invalid email or password.');
  });

  it.each([429, 500, 400, 403])('prefers the detail to the message for status %i', (status) => {
    expect(toLoginErrorMessage({ status, body: { detail: 'This account is disabled.' } })).toBe(
      'This account is disabled.',
    );
  });

  it.each([
    [429, 'Too many login attempts. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later or contact support.'],
    [502, 'Server error. Please try again later or contact support.'],
    [503, 'Server error. Please try again later or contact support.'],
    [400, 'Please check your email format and try again.'],
    [401, 'Login failed. Please check your credentials and try again.'],
    [403, 'Login failed. Please check your credentials and try again.'],
    [499, 'Login failed. Please check your credentials and try again.'],
  ])('maps status %i without a detail to "%s"', (status, message) => {
    expect(toLoginErrorMessage({ status, body: {} })).toBe(message);
  });

  it('reads the status when a proxy answered with an HTML page', () => {
    expect(
      toLoginErrorMessage({ status: 429, body: '<html><h1>Too Many Requests</h1></html>' }),
    ).toBe('Too many login attempts. Please wait a moment and try again.');
    expect(toLoginErrorMessage({ status: 502, body: '<html><h1>Bad Gateway</h1></html>' })).toBe(
      'Server error. Please try again later or contact support.',
    );
  });

  it('ignores a blank or non-text detail', () => {
    expect(toLoginErrorMessage({ status: 429, body: { detail: '  ' } })).toBe(
      'Too many login attempts. Please wait a moment and try again.',
    );
    expect(toLoginErrorMessage({ status: 400, body: { detail: ['not', 'text'] } })).toBe(
      'Please check your email format and try again.',
    );
  });

  it('falls back to the generic message when no answer came back', () => {
    expect(toLoginErrorMessage({})).toBe(
      'Login failed. Please check your credentials and try again.',
    );
  });
});

describe('toLoginMissingTokenMessage', () => {
  it('follows the warning with "Please contact support."', () => {
    expect(
      inEnglish(toLoginMissingTokenMessage({ warning: 'Your account is awaiting approval.' })),
    ).toBe('Your account is awaiting approval. Please contact support.');
  });

  it.each([{}, { warning: null }, { warning: '   ' }, { custom_token: '' }])(
    'says the service is unavailable without a warning (%j)',
    (answer) => {
      expect(toLoginMissingTokenMessage(answer)).toBe(
        'Authentication service unavailable. Please try again later.',
      );
    },
  );
});
