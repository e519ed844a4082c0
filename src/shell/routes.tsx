import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './app-layout';
import {
  anyonePaths,
  isOneOf,
  openPaths,
  pages,
  pathOf,
  paths,
  signedInPaths,
  signedOutPaths,
  type Path,
} from './pages';
import { OpenRoute } from './open-route';
import { FlashMessageProvider } from './flash-message-provider';
import { lazyComponent, type LazyComponent } from '../ui/lazy-component';
import { ProtectedRoute } from './protected-route';
import { PublicLayout } from './public-layout';
import { PublicRoute } from './public-route';
import { RouteChangeEffects } from './route-change-effects';
import { SkipLink } from './skip-link';

// Every screen is its own chunk, so the first page loads only what it needs (./pages.ts).
const screenAtPath = Object.fromEntries(
  Object.values(pages).map((page) => [page.path, lazyComponent(page.loadScreen)]),
) as Record<Path, LazyComponent>;

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
  const path = pathOf(Object.keys(screenAtPath) as Path[], pathname);
  return path ? screenAtPath[path].preload() : Promise.resolve();
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
        <Route element={<OpenRoute />}>{openPaths.map(screenRoute)}</Route>
        {/* No wait for the session: nothing on these pages depends on who is signed in. */}
        <Route element={<PublicLayout />}>{anyonePaths.map(screenRoute)}</Route>
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </FlashMessageProvider>
  );
}
