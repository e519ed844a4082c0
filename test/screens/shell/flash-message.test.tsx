import { screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { permitBannerTexts } from '../../../machines/permits/permit-banner-texts';
import { i18n } from '../../../src/i18n/i18n';
import { useFlashMessage } from '../../../src/shell/flash-message-provider';
import { RoutedPage } from '../../../src/shell/routed-page';
import { renderWithProviders } from '../../support/render';

/** A page that confirms an action done on it, or one whose confirmation shows on the next page. */
function ActingPage() {
  const { raise } = useFlashMessage();
  const navigate = useNavigate();
  return (
    <>
      <h1>Acting page</h1>
      <button onClick={() => raise(permitBannerTexts.updated('fm24cnf'))}>Act here</button>
      <button
        onClick={() => {
          raise(permitBannerTexts.created('FM24CNF'), { onNextPage: true });
          void navigate('/landing');
        }}
      >
        Act and go
      </button>
      <button onClick={() => void navigate('?page=2', { replace: true })}>Rewrite query</button>
    </>
  );
}

function LandingPage() {
  return (
    <>
      <h1>Landing page</h1>
      <Link to="/acting">Elsewhere</Link>
    </>
  );
}

function renderPages() {
  return renderWithProviders(
    <Routes>
      <Route element={<RoutedPage />}>
        <Route path="/acting" element={<ActingPage />} />
        <Route path="/landing" element={<LandingPage />} />
      </Route>
    </Routes>,
    { route: '/acting' },
  );
}

const banner = () => screen.queryByRole('status', { name: 'Success' });

test('the texts name the permit by its registration, spaced as the form shows it', () => {
  expect(i18n._(permitBannerTexts.created('fm24cnf'))).toBe('Permit created for FM24 CNF.');
  expect(i18n._(permitBannerTexts.updated('FM24CNF'))).toBe('Permit for FM24 CNF updated.');
  expect(i18n._(permitBannerTexts.activated('FM24CNF'))).toBe('Permit for FM24 CNF is now active.');
  expect(i18n._(permitBannerTexts.cancelled('FM24CNF'))).toBe('Permit for FM24 CNF cancelled.');
});

test('an action confirmed on its own page: a focused success banner until dismissed', async () => {
  const { user } = renderPages();
  expect(banner()).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Act here' }));

  expect(banner()).toHaveTextContent('Permit for FM24 CNF updated.');
  expect(banner()).toHaveFocus();
  // The page rewriting its own query (My Permits' filters) is still the same page.
  await user.click(screen.getByRole('button', { name: 'Rewrite query' }));
  expect(banner()).toHaveTextContent('Permit for FM24 CNF updated.');
  await user.click(screen.getByRole('button', { name: 'Dismiss' }));
  // It shrinks away (src/ui/banner-presence.tsx) before it leaves the page.
  await waitFor(() => expect(banner()).not.toBeInTheDocument());
  // Its button went with it: the focus is on the page's heading, not on the body.
  expect(screen.getByRole('heading', { name: 'Acting page' })).toHaveFocus();
});

test('a confirmation for the next page shows there, and goes with the navigation after', async () => {
  const { user } = renderPages();
  await user.click(screen.getByRole('button', { name: 'Act and go' }));

  expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
  expect(banner()).toHaveTextContent('Permit created for FM24 CNF.');
  expect(banner()).toHaveFocus();

  await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(await screen.findByRole('heading', { name: 'Acting page' })).toBeInTheDocument();
  expect(banner()).not.toBeInTheDocument();
});
