import { screen, waitFor } from '@testing-library/react';
import { activateLanguage } from '../../../src/i18n/activate-language';
import { i18n } from '../../../src/i18n/i18n';
import { AppRoutes } from '../../../src/shell/routes';
import { axeViolations } from '../../support/jsdom-axe';
import { renderWithProviders } from '../../support/render';
import { inWelsh } from '../../support/in-welsh';

afterEach(async () => {
  window.localStorage.clear();
  await activateLanguage('en');
});

test('"Cymraeg" on the sign-in page shows it in Welsh, kept on the device, and "English" goes back', async () => {
  const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
  await screen.findByRole('heading', { name: 'Sign in to Kerbside' });

  await user.click(screen.getByRole('link', { name: 'Cymraeg' }));

  expect(
    await screen.findByRole('heading', {
      name: inWelsh('Sign in to {appName}', { appName: 'Kerbside' }),
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: inWelsh('Sign in') })).toBeInTheDocument();
  expect(screen.getByLabelText(inWelsh('Password'), { exact: false })).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('lang', 'cy');
  expect(window.localStorage.getItem('kerbside.language')).toBe('cy');
  const english = screen.getByRole('link', { name: 'English' });
  expect(english).toHaveAttribute('lang', 'en-GB');
  expect(await axeViolations()).toEqual([]);

  await user.click(english);

  expect(await screen.findByRole('heading', { name: 'Sign in to Kerbside' })).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('lang', 'en-GB');
  expect(window.localStorage.getItem('kerbside.language')).toBe('en');
});

test('a refusal on the sign-in page reads in Welsh: the error summary and the fields', async () => {
  const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
  await user.click(await screen.findByRole('link', { name: 'Cymraeg' }));
  await user.click(await screen.findByRole('button', { name: inWelsh('Sign in') }));

  const summary = await screen.findByRole('alert', { name: inWelsh('There is a problem') });
  expect(summary).toHaveTextContent(inWelsh('Email is required'));
  expect(summary).toHaveTextContent(inWelsh('Password is required'));
  expect(i18n.locale).toBe('cy');
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: inWelsh('Email') })).toHaveAccessibleDescription(
      inWelsh('Email is required'),
    ),
  );
});
