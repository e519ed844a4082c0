import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import { AppRoutes } from './routes';
import { UpdateAvailableNotice } from './update-available-notice';

export function App() {
  return (
    <AppProviders>
      <UpdateAvailableNotice />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
