import { formatRegistration } from './permits/rules/uk-registration';

/**
 * What the notification banner says after each action (src/ui/notification-banner.tsx), word
 * for word (test/screens/shell/flash-message.test.tsx). A permit is named by its registration,
 * spaced as the Add Permit form shows it.
 */
export const notificationBannerTexts = {
  permitCreated: (vrm: string) => `Permit created for ${formatRegistration(vrm)}.`,
  permitUpdated: (vrm: string) => `Permit for ${formatRegistration(vrm)} updated.`,
  permitActivated: (vrm: string) => `Permit for ${formatRegistration(vrm)} is now active.`,
  permitCancelled: (vrm: string) => `Permit for ${formatRegistration(vrm)} cancelled.`,
  signedIn: 'You are signed in.',
  registered: 'Your account has been created and you are signed in.',
  signedOut: 'You have signed out.',
} as const;
