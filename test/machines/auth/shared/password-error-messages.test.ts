import { sentencesOf } from '../../../../machines/sentences';
import { toChangePasswordError } from '../../../../machines/settings/change-password/change-password-error-message';
import { toForgotPasswordError } from '../../../../machines/auth/forgot-password/forgot-password-error-message';
import { toResetPasswordError } from '../../../../machines/auth/reset-password/reset-password-error-message';

describe('toChangePasswordError', () => {
  it('lists a refusal that speaks of the password, one item per message', () => {
    expect(
      toChangePasswordError({
        status: 400,
        body: {
          new_password: [
            'This password is too short. It must contain at least 8 characters.',
            'This password is entirely numeric!',
          ],
        },
      }),
    ).toEqual({
      message:
        'This password is too short. It must contain at least 8 characters. This password is entirely numeric!',
      items: [
        'This password is too short. It must contain at least 8 characters.',
        'This password is entirely numeric!',
      ],
      // The new-password field shows the server's word on it too.
      fieldErrors: {
        new_password:
          'This password is too short. It must contain at least 8 characters. This password is entirely numeric!',
      },
    });
  });

  it('keeps each message apart, so messages without a full stop stay apart', () => {
    expect(
      toChangePasswordError({
        status: 400,
        body: { new_password: ['Password needs an uppercase letter', 'Password needs a digit'] },
      }).items,
    ).toEqual(['Password needs an uppercase letter', 'Password needs a digit']);
  });

  it('splits an item into its sentences, a bullet each', () => {
    expect(
      sentencesOf('This password is too short. It must contain at least 8 characters.'),
    ).toEqual(['This password is too short.', 'It must contain at least 8 characters.']);
    expect(sentencesOf('Wrong!  Try again?  Yes')).toEqual(['Wrong!', 'Try again?', 'Yes']);
  });

  it('hears "password" in any case', () => {
    expect(
      toChangePasswordError({ status: 400, body: { detail: 'PASSWORD expired. Choose another.' } }),
    ).toEqual({
      message: 'PASSWORD expired. Choose another.',
      items: ['PASSWORD expired. Choose another.'],
    });
  });

  it('shows a refusal that does not speak of the password as one text', () => {
    expect(
      toChangePasswordError({
        status: 429,
        body: { detail: 'Request was throttled. Expected available in 30 seconds.' },
      }),
    ).toEqual({ message: 'Request was throttled. Expected available in 30 seconds.', items: [] });
  });

  it.each([
    [{ detail: 'Current password is incorrect.' }, 'Current password is incorrect.'],
    [{ non_field_errors: ['Current password is incorrect.'] }, 'Current password is incorrect.'],
    [{ error: 'Current password is incorrect.' }, 'Current password is incorrect.'],
    [{ current_password: ['Current password is incorrect.'] }, 'Current password is incorrect.'],
    [{ new_password: 'This password is too common.' }, 'This password is too common.'],
  ])('reads the server’s text from %j', (body, message) => {
    expect(toChangePasswordError({ status: 400, body }).message).toBe(message);
  });

  it('reads the general keys first, then the fields in the form’s order', () => {
    expect(
      toChangePasswordError({
        status: 400,
        body: {
          new_password: ['This password is too common.'],
          current_password: ['Current password is incorrect.'],
          non_field_errors: ['Please correct the errors below.'],
        },
      }).message,
    ).toBe(
      'Please correct the errors below. Current password is incorrect. This password is too common.',
    );
  });

  it.each([
    ['no answer', {}],
    ['an HTML page from a proxy', { status: 502, body: '<html><h1>Bad Gateway</h1></html>' }],
    ['blank messages', { status: 400, body: { detail: '  ', new_password: [''] } }],
    ['an unrelated field', { status: 400, body: { email: ['Enter a valid email address.'] } }],
  ])('says the change failed, as one text, for %s', (_, failure) => {
    expect(toChangePasswordError(failure)).toEqual({
      message: 'Password change failed. Please try again.',
      items: [],
    });
  });
});

describe('toForgotPasswordError', () => {
  it.each([
    [{ status: 500, body: '<html>Bad gateway</html>' }],
    [{}],
    [{ status: 429, body: { detail: 'Request was throttled.' } }],
  ])('says the reset e-mail could not be sent (%j)', (failure) => {
    expect(toForgotPasswordError(failure)).toEqual({
      message: 'Failed to send reset email. Please try again.',
      items: [],
    });
  });

  it('names the e-mail field when the server refuses the address itself', () => {
    expect(
      toForgotPasswordError({ status: 400, body: { email: ['Enter a valid email address.'] } }),
    ).toEqual({
      message: 'Failed to send reset email. Please try again.',
      items: [],
      fieldErrors: {
        email: 'Enter an email address in the correct format, like name@example.com',
      },
    });
  });
});

describe('toResetPasswordError', () => {
  it.each([
    [{ detail: 'Invalid or expired reset link' }, 'Invalid or expired reset link'],
    [
      { non_field_errors: ['This reset link has already been used.'] },
      'This reset link has already been used.',
    ],
    [{ token: ['Invalid token.'] }, 'Invalid token.'],
  ])('shows the server’s text from %j as one text', (body, message) => {
    expect(toResetPasswordError({ status: 400, body })).toEqual({ message, items: [] });
  });

  it('shows a refused password as one text, and on the password field', () => {
    const message = 'This password is too short. It must contain at least 8 characters.';
    expect(toResetPasswordError({ status: 400, body: { password: [message] } })).toEqual({
      message,
      items: [],
      fieldErrors: { password: message },
    });
  });

  it.each([
    ['no answer', {}],
    ['a server error page', { status: 500, body: '<html></html>' }],
    ['a body without a readable message', { status: 400, body: { detail: ['', 42] } }],
  ])('says the reset failed for %s', (_, failure) => {
    expect(toResetPasswordError(failure)).toEqual({
      message: 'Password reset failed. Please try again.',
      items: [],
    });
  });
});
