/**
 * What the notification banner says after signing in, registering and signing out
 * (src/ui/notification-banner.tsx), word for word (test/screens/shell/flash-message.test.tsx).
 * English ids (lingui.config.ts), shown translated where the banner is drawn
 * (src/shell/flash-message-outlet.tsx). A permit action's texts: machines/permits/permit-banner-texts.ts.
 */
export const notificationBannerTexts = {
  signedIn: /*i18n*/ 'You are signed in.',
  registered: /*i18n*/ 'Your account has been created and you are signed in.',
  signedOut: /*i18n*/ 'You have signed out.',
} as const;
