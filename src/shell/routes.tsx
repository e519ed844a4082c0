import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import { isOneOf, paths, signedInPaths, signedOutPaths, type Path } from './paths';
import { OpenRoute } from './open-route';
import { FlashMessageProvider } from './flash-message-provider';
import { lazyComponent, type LazyComponent } from '../ui/lazy-component';
import { ProtectedRoute } from './protected-route';
import { PublicRoute } from './public-route';
import { RouteChangeEffects } from './route-change-effects';
import { SkipLink } from './skip-link';

// Every screen is its own chunk, so the first page loads only what it needs. Each is named
// "screen" and its path's words ("screen-my-permits"; the dashboard's "screen-dashboard"): the
// build asks for the chunks of a page it renders in advance from that page's HTML
// (webpack.config.ts, `screenChunkName`).
const screenAtPath: Record<Path, LazyComponent> = {
  [paths.login]: lazyComponent(() =>
    import(/* webpackChunkName: "screen-login" */ '../features/auth/login/login-screen').then(
      (module) => module.LoginScreen,
    ),
  ),
  [paths.register]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-register" */ '../features/auth/register/register-screen'
    ).then((module) => module.RegisterScreen),
  ),
  [paths.forgotPassword]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-forgot-password" */ '../features/auth/forgot-password/forgot-password-screen'
    ).then((module) => module.ForgotPasswordScreen),
  ),
  [paths.resetPassword]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-reset-password" */ '../features/auth/reset-password/reset-password-screen'
    ).then((module) => module.ResetPasswordScreen),
  ),
  [paths.dashboard]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-dashboard" */ '../features/dashboard/dashboard-screen'
    ).then((module) => module.DashboardScreen),
  ),
  [paths.addPermit]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-add-permit" */ '../features/permits/add-permit/add-permit-screen'
    ).then((module) => module.AddPermitScreen),
  ),
  [paths.myPermits]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-my-permits" */ '../features/permits/my-permits/my-permits-screen'
    ).then((module) => module.MyPermitsScreen),
  ),
  [paths.guide]: lazyComponent(() =>
    import(/* webpackChunkName: "screen-how-to-guide" */ '../features/guide/guide-screen').then(
      (module) => module.GuideScreen,
    ),
  ),
  [paths.settings]: lazyComponent(() =>
    import(/* webpackChunkName: "screen-settings" */ '../features/settings/settings-screen').then(
      (module) => module.SettingsScreen,
    ),
  ),
  [paths.changePassword]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-settings-change-password" */ '../features/settings/change-password/change-password-screen'
    ).then((module) => module.ChangePasswordScreen),
  ),
  [paths.accessibility]: lazyComponent(() =>
    import(
      /* webpackChunkName: "screen-accessibility" */ '../features/accessibility/accessibility-statement-screen'
    ).then((module) => module.AccessibilityStatementScreen),
  ),
};

/** The route at `path`, showing its screen. */
function screenRoute(path: Path) {
  const Screen = screenAtPath[path];
  return <Route key={path} path={path} element={<Screen />} />;
}

/**
 * Whether the page at `pathname` first shows the session's spinner (./protected-route.tsx) rather
 * than its screen, so that its first render need not wait for the screen to load.
 */
export function pageWaitsForSession(pathname: string): boolean {
  return isOneOf(signedInPaths, pathname);
}

/**
 * Loads the screen of the route at `pathname`, if there is one, so that its first render does not
 * suspend (src/ui/lazy-component.tsx). Rejects when the chunk cannot be loaded.
 */
export function preloadScreenAt(pathname: string): Promise<unknown> {
  const screen = (screenAtPath as Record<string, LazyComponent | undefined>)[pathname];
  return screen ? screen.preload() : Promise.resolve();
}

/** The routes of docs/contract.md §2 with their access rules. */
export function AppRoutes() {
  return (
    <FlashMessageProvider>
      <SkipLink />
      <RouteChangeEffects />
      <Routes>
        <Route element={<PublicRoute />}>{signedOutPaths.map(screenRoute)}</Route>
        <Route element={<ProtectedRoute />}>
          <Route element={<AppLayout />}>{signedInPaths.map(screenRoute)}</Route>
        </Route>
        <Route element={<OpenRoute />}>{screenRoute(paths.accessibility)}</Route>
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </FlashMessageProvider>
  );
}
