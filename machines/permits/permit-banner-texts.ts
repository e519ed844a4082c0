import type { MessageDescriptor } from '@lingui/core';
import { formatRegistration } from './rules/uk-registration';

/**
 * What the notification banner says after a permit action (src/ui/notification-banner.tsx), word
 * for word (test/screens/shell/flash-message.test.tsx): the permit named by its registration,
 * spaced as the Add Permit form shows it. Descriptors with the registration as a value
 * (lingui.config.ts), shown translated where the banner is drawn (src/shell/flash-message-outlet.tsx).
 * Apart from the account's texts (machines/notification-banner-texts.ts), so that the registration
 * rules load with the permit screens, not with /login.
 */
export const permitBannerTexts = {
  created: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit created for {registration}.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  updated: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} updated.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  activated: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} is now active.',
      values: { registration: formatRegistration(vrm) },
    };
  },
  cancelled: (vrm: string): MessageDescriptor => {
    return /*i18n*/ {
      id: 'Permit for {registration} cancelled.',
      values: { registration: formatRegistration(vrm) },
    };
  },
} as const;
