/** The longest password either side accepts (a hash's input need not be longer). */
export const passwordMaxLength = 128;

/**
 * docs/contract.md §9: at least 8 characters with an upper-case letter, a lower-case letter and a
 * digit. The API host's messages, one per rule broken: English ids (lingui.config.ts), which the
 * web app shows in the reader's language where it shows the host's field messages
 * (src/ui/use-field-error.ts).
 */
export function passwordRuleErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < 8) {
    errors.push(/*i18n*/ 'This password is too short. It must contain at least 8 characters.');
  }
  if (!/\p{Lu}/u.test(password)) {
    errors.push(/*i18n*/ 'The password must contain at least one uppercase letter.');
  }
  if (!/\p{Ll}/u.test(password)) {
    errors.push(/*i18n*/ 'The password must contain at least one lowercase letter.');
  }
  if (!/\d/.test(password)) errors.push(/*i18n*/ 'The password must contain at least one digit.');
  return errors;
}
