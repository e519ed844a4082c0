import { act, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { siteSettingsMachine } from '../../../machines/site-settings-machine';
import { AppRoutes } from '../../../src/shell/routes';
import { fullSite } from '../../../machines/permits/permit-form/permit-form-samples';
import { findScreenHeading, renderWithProviders, residentProfile } from '../../support/render';

test('the site settings are loaded once for the signed-in session and shared by every screen', async () => {
  const loadSiteSettings = jest.fn(async () => fullSite);
  const siteSettings = siteSettingsMachine.provide({
    actors: { loadSiteSettings: fromPromise(loadSiteSettings) },
  });
  const { user } = renderWithProviders(<AppRoutes />, {
    route: '/how-to-guide',
    session: { status: 'signed_in', profile: residentProfile },
    machines: { siteSettings },
  });

  // The guide adapts to a site that schedules permits.
  expect(await findScreenHeading('How to Guide')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Add Permit' }));
  // Add Permit shows the reference field of a site that allows labels.
  expect(await screen.findByRole('textbox', { name: /^Reference label/ })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'My Permits' }));
  expect(await findScreenHeading('My Permits')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'How to Guide' }));
  expect(await findScreenHeading('How to Guide')).toBeInTheDocument();

  expect(loadSiteSettings).toHaveBeenCalledTimes(1);
});

test('settings that could not be had offline are asked for again when the browser is back online', async () => {
  const answers = [() => Promise.reject(new Error('Network Error')), async () => fullSite];
  const loadSiteSettings = jest.fn(() => answers.shift()!());
  const siteSettings = siteSettingsMachine.provide({
    actors: { loadSiteSettings: fromPromise(loadSiteSettings) },
  });
  renderWithProviders(<AppRoutes />, {
    route: '/add-permit',
    session: { status: 'signed_in', profile: residentProfile },
    machines: { siteSettings },
  });

  // The fallback: the form, without the site's reference label or scheduling.
  expect(await findScreenHeading('Add New Permit')).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: /^Registration number/ })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /^Reference label/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: /^Schedule permit/ })).not.toBeInTheDocument();

  act(() => void window.dispatchEvent(new Event('online')));

  expect(await screen.findByRole('textbox', { name: /^Reference label/ })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: /^Schedule permit/ })).toBeInTheDocument();
  expect(loadSiteSettings).toHaveBeenCalledTimes(2);
});
