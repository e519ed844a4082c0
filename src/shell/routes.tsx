import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { paths } from './paths';
import { OpenRoute } from './open-route';
import { FlashMessageProvider } from './flash-message-provider';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { ProtectedRoute } from './protected-route';
import { PublicRoute } from './public-route';
import { RouteChangeEffects } from './route-change-effects';
import { SkipLink } from './skip-link';

// Every screen is its own chunk, so the first page loads only what it needs.
const LoginScreen = lazyScreen(() =>
  import('../features/auth/login-screen').then((module) => module.LoginScreen),
);
const RegisterScreen = lazyScreen(() =>
  import('../features/auth/register-screen').then((module) => module.RegisterScreen),
);
const ForgotPasswordScreen = lazyScreen(() =>
  import('../features/auth/forgot-password-screen').then((module) => module.ForgotPasswordScreen),
);
const ResetPasswordScreen = lazyScreen(() =>
  import('../features/auth/reset-password-screen').then((module) => module.ResetPasswordScreen),
);
const DashboardScreen = lazyScreen(() =>
  import('../features/dashboard/dashboard-screen').then((module) => module.DashboardScreen),
);
const AddPermitScreen = lazyScreen(() =>
  import('../features/permits/add-permit-screen').then((module) => module.AddPermitScreen),
);
const MyPermitsScreen = lazyScreen(() =>
  import('../features/permits/my-permits-screen').then((module) => module.MyPermitsScreen),
);
const GuideScreen = lazyScreen(() =>
  import('../features/guide/guide-screen').then((module) => module.GuideScreen),
);
const SettingsScreen = lazyScreen(() =>
  import('../features/settings/settings-screen').then((module) => module.SettingsScreen),
);
const ChangePasswordScreen = lazyScreen(() =>
  import('../features/settings/change-password-screen').then(
    (module) => module.ChangePasswordScreen,
  ),
);

const AccessibilityStatementScreen = lazyScreen(() =>
  import('../features/accessibility/accessibility-statement-screen').then(
    (module) => module.AccessibilityStatementScreen,
  ),
);

const screenAtPath: Record<(typeof paths)[keyof typeof paths], LazyScreen> = {
  [paths.login]: LoginScreen,
  [paths.register]: RegisterScreen,
  [paths.forgotPassword]: ForgotPasswordScreen,
  [paths.resetPassword]: ResetPasswordScreen,
  [paths.dashboard]: DashboardScreen,
  [paths.addPermit]: AddPermitScreen,
  [paths.myPermits]: MyPermitsScreen,
  [paths.guide]: GuideScreen,
  [paths.settings]: SettingsScreen,
  [paths.changePassword]: ChangePasswordScreen,
  [paths.accessibility]: AccessibilityStatementScreen,
};

/**
 * Loads the screen of the route at `pathname`, if there is one, so that its first render does not
 * suspend (src/shell/lazy-screen.tsx). Rejects when the chunk cannot be loaded.
 */
export function preloadScreenAt(pathname: string): Promise<unknown> {
  const screen = (screenAtPath as Record<string, LazyScreen | undefined>)[pathname];
  return screen ? screen.preload() : Promise.resolve();
}

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
