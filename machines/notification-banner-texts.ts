import type { MessageDescriptor } from '@lingui/core';
import { formatRegistration } from './permits/rules/uk-registration';

/**
 * What the notification banner says after each action (src/ui/notification-banner.tsx), word
 * for word (test/screens/shell/flash-message.test.tsx). A permit is named by its registration,
 * spaced as the Add Permit form shows it. English ids (lingui.config.ts), shown translated where
 * the banner is drawn (src/shell/flash-message-outlet.tsx); the texts naming a permit are
 * descriptors with the registration as a value, which no language translates.
 */
export const notificationBannerTexts = {
  permitCreated: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit created for {registration}.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  permitUpdated: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} updated.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  permitActivated: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} is now active.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  permitCancelled: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} cancelled.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  signedIn: /*i18n*/ 'You are signed in.',
  registered: /*i18n*/ 'Your account has been created and you are signed in.',
  signedOut: /*i18n*/ 'You have signed out.',
} as const;
