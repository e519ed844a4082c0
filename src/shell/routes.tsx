import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { paths } from './paths';
import { OpenRoute } from './open-route';
import { FlashMessageProvider } from './flash-message-provider';
import { ProtectedRoute } from './protected-route';
import { PublicRoute } from './public-route';
import { RouteChangeEffects } from './route-change-effects';
import { SkipLink } from './skip-link';

// Every screen is its own chunk, so the first page loads only what it needs.
const LoginScreen = lazy(() =>
  import('../features/auth/login-screen').then((module) => ({ default: module.LoginScreen })),
);
const RegisterScreen = lazy(() =>
  import('../features/auth/register-screen').then((module) => ({ default: module.RegisterScreen })),
);
const ForgotPasswordScreen = lazy(() =>
  import('../features/auth/forgot-password-screen').then((module) => ({
    default: module.ForgotPasswordScreen,
  })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/auth/reset-password-screen').then((module) => ({
    default: module.ResetPasswordScreen,
  })),
);
const DashboardScreen = lazy(() =>
  import('../features/dashboard/dashboard-screen').then((module) => ({
    default: module.DashboardScreen,
  })),
);
const AddPermitScreen = lazy(() =>
  import('../features/permits/add-permit-screen').then((module) => ({
    default: module.AddPermitScreen,
  })),
);
const MyPermitsScreen = lazy(() =>
  import('../features/permits/my-permits-screen').then((module) => ({
    default: module.MyPermitsScreen,
  })),
);
const GuideScreen = lazy(() =>
  import('../features/guide/guide-screen').then((module) => ({ default: module.GuideScreen })),
);
const SettingsScreen = lazy(() =>
  import('../features/settings/settings-screen').then((module) => ({
    default: module.SettingsScreen,
  })),
);
const ChangePasswordScreen = lazy(() =>
  import('../features/settings/change-password-screen').then((module) => ({
    default: module.ChangePasswordScreen,
  })),
);

const AccessibilityStatementScreen = lazy(() =>
  import('../features/accessibility/accessibility-statement-screen').then((module) => ({
    default: module.AccessibilityStatementScreen,
  })),
);

/** The routes of docs/contract.md §2 with their access rules. */
export function AppRoutes() {
  return (
    <FlashMessageProvider>
      <SkipLink />
      <RouteChangeEffects />
      <Routes>
        <Route element={<PublicRoute />}>
          <Route path={paths.login} element={<LoginScreen />} />
          <Route path={paths.register} element={<RegisterScreen />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordScreen />} />
          <Route path={paths.resetPassword} element={<ResetPasswordScreen />} />
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route element={<AppLayout />}>
            <Route path={paths.dashboard} element={<DashboardScreen />} />
            <Route path={paths.addPermit} element={<AddPermitScreen />} />
            <Route path={paths.myPermits} element={<MyPermitsScreen />} />
            <Route path={paths.guide} element={<GuideScreen />} />
            <Route path={paths.settings} element={<SettingsScreen />} />
            <Route path={paths.changePassword} element={<ChangePasswordScreen />} />
          </Route>
        </Route>
        <Route element={<OpenRoute />}>
          <Route path={paths.accessibility} element={<AccessibilityStatementScreen />} />
        </Route>
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </FlashMessageProvider>
  );
}
