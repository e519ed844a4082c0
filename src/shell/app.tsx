import { BrowserRouter } from 'react-router';
import type { ReactNode } from 'react';
import { AppProviders } from './app-providers';
import { AppRoutes } from './routes';
import { UpdateAvailableNotice } from './update-available-notice';

/**
 * Everything around the router, the same in the browser and in the build's prerender
 * (./prerender.tsx): React takes over a page rendered in advance by hydrating it
 * (./start-app.tsx), which holds only where both render the same tree. Even a sibling more or
 * less changes the ids `useId` hands out beneath it (the form fields' labels).
 */
export function AppFrame({ router }: { router: ReactNode }) {
  return (
    <AppProviders>
      <UpdateAvailableNotice />
      {router}
    </AppProviders>
  );
}

export function App() {
  return (
    <AppFrame
      router={
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      }
    />
  );
}
