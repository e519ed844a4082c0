/**
 * The reference API host's own words that the web app shows as they come (docs/contract.md §8:
 * the server's detail, error or field message "shown as is"). Written once, here: the host
 * answers with them (server/), and each is an English id of the web app's catalogue, so a Welsh
 * reader meets them in Welsh (src/i18n/host-text.ts). A council's host that words a refusal
 * otherwise is shown as it answered.
 */
export const hostTexts = {
  serverError: /*i18n*/ 'A server error occurred.',
  notFound: /*i18n*/ 'Not found.',
  signInServiceUnavailable: /*i18n*/ 'The sign-in service is unavailable. Please try again later.',
  userAccountDisabled: /*i18n*/ 'User account is disabled.',
  /** The warning of a sign-in whose identity token could not be made (docs/contract.md §2). */
  signInFailed: /*i18n*/ 'Signing you in failed.',
  /** The same warning of a registration, the account made. */
  createdButSignInFailed: /*i18n*/ 'Your account was created, but signing you in failed.',
  invalidCredentials: /*i18n*/ 'Invalid email or password.',
  accountDisabled: /*i18n*/ 'This account has been disabled. Please contact support.',
  tooManyLogins: /*i18n*/ 'Too many failed login attempts.',
  tooManyRegistrations: /*i18n*/ 'Too many registration attempts.',
  tooManyResetAttempts: /*i18n*/ 'Too many password reset attempts.',
  tooManyPasswordAttempts: /*i18n*/ 'Too many failed password attempts.',
  tooManyVisits: /*i18n*/ 'Too many visitor pass attempts.',
  duplicateEmail: /*i18n*/ 'A user with that email already exists.',
  invalidInviteCode: /*i18n*/ 'Invalid invite code.',
  usedInviteCode: /*i18n*/ 'This invite code has already been used.',
  wrongCurrentPassword:
    /*i18n*/ 'Your current password was entered incorrectly. Please enter it again.',
  invalidResetLink: /*i18n*/ 'Invalid or expired reset link.',
  permitLimit: /*i18n*/ 'You have reached your permit limit',
  overlappingPermit: /*i18n*/ 'A permit for this VRM and time already exists',
  onlyScheduledStart: /*i18n*/ 'Only a scheduled permit can have its start changed.',
  startInPast: /*i18n*/ 'Start must not be in the past.',
  schedulingDisabled: /*i18n*/ 'Scheduling permits is not enabled on this site.',
  endBeforeStart: /*i18n*/ 'Expiry must be after the start.',
  /** `hostTextTemplates.automaticEnd` for one hour, in the singular. */
  automaticEndOneHour:
    /*i18n*/ 'The end cannot be changed: permits on this site end 1 hour after their start.',
} as const;

/**
 * The host's words with a figure in them, as templates: the host fills them in
 * (./filled-template.ts), the web app reads the figures back out to word them in the reader's
 * language (src/i18n/host-text.ts). `{status}` is a permit status's code, `{periodName}` a cap
 * period's name ("November 2026", "Q4 2026"), `{refusal}` one of `hostTexts`.
 */
export const hostTextTemplates = {
  tryAgainIn: /*i18n*/ '{refusal} Try again in {seconds} seconds.',
  /** `tryAgainIn` for one second, in the singular. */
  tryAgainInOneSecond: /*i18n*/ '{refusal} Try again in 1 second.',
  activationCap: /*i18n*/ 'You have reached your permit activation cap for {periodName}',
  heldReference: /*i18n*/ 'An active permit already exists with reference number {referenceNo}',
  cannotBeCancelled: /*i18n*/ 'A permit with status {status} cannot be cancelled.',
  cannotBeUpdated: /*i18n*/ 'A permit with status {status} cannot be updated.',
  automaticEnd:
    /*i18n*/ 'The end cannot be changed: permits on this site end {hours} hours after their start.',
  /** A visitor pass's window longer than the rule (contract/visitor-pass.ts), in days. */
  visitorPassTooLong: /*i18n*/ 'A visitor pass can last at most {days} days',
  /** A new pass refused: the resident has `visitorPassRules.maxReadyPasses` READY already. */
  visitorPassesReadyLimit:
    /*i18n*/ 'You can have at most {count} visitor passes ready at once. Withdraw one to send another.',
} as const;
