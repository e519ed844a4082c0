/** The rule a new password must meet, shown under every new-password field of the auth pages. */
export const passwordRuleHint =
  /*i18n*/ 'At least 8 characters, with uppercase, lowercase and numeric characters.';
