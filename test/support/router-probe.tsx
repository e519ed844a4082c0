import { useEffect } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';

/** Where the rendered router is, and a way to move it as the browser would (Back, a new URL). */
export const router = {} as { location: Location; navigate: NavigateFunction };

/** Rendered beside a screen, keeps `router` up to date with the router's location. */
export function RouterProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    router.location = location;
    router.navigate = navigate;
  });
  return null;
}
