import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/auth/login/login-machine';
import { plainSite } from '../../../machines/permits/permit-form/permit-form-samples';
import { AppRoutes } from '../../../src/shell/routes';
import { expectErrorSummary } from '../../support/error-summary';
import { findScreenHeading, renderWithProviders, residentProfile } from '../../support/render';

const signedIn = { status: 'signed_in', profile: residentProfile } as const;
const signedOut = { status: 'signed_out' } as const;

describe('the skip link', () => {
  test.each([
    ['the sign-in page', '/login', signedOut, 'Sign in to Kerbside'],
    ['the dashboard', '/', signedIn, 'Dashboard'],
  ])(
    'is the first Tab stop on %s, and leads to the main content',
    async (_, route, session, heading) => {
      const { user } = renderWithProviders(<AppRoutes />, { route, session });
      await screen.findByRole('heading', { name: heading, level: 1 });

      await user.tab();

      const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
      expect(skipLink).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
      expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
    },
  );
});

describe('page titles', () => {
  test.each([
    ['/login', signedOut, 'Sign in to Kerbside', 'Sign in – Kerbside'],
    ['/register', signedOut, 'Create your account', 'Create your account – Kerbside'],
    ['/forgot-password', signedOut, 'Forgot Password', 'Forgot password – Kerbside'],
    ['/', signedIn, 'Dashboard', 'Dashboard – Kerbside'],
    ['/add-permit', signedIn, 'Add New Permit', 'Add a permit – Kerbside'],
    ['/my-permits', signedIn, 'My Permits', 'My permits – Kerbside'],
    ['/settings/change-password', signedIn, 'Change Password', 'Change password – Kerbside'],
    [
      '/accessibility',
      signedOut,
      'Accessibility statement for Kerbside',
      'Accessibility statement – Kerbside',
    ],
  ])('%s is titled as its page', async (route, session, heading, title) => {
    renderWithProviders(<AppRoutes />, { route, session });

    await screen.findByRole('heading', { name: heading, level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });

  test('"Error: " leads the title while errors show, and leaves with them when the form is sent without errors', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login', session: signedOut });
    await screen.findByRole('heading', { name: 'Sign in to Kerbside' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expectErrorSummary(['Email is required', 'Password is required']);
    // The summary reports the problem to the page frame, which retitles the page a render later.
    await waitFor(() => expect(document.title).toBe('Error: Sign in – Kerbside'));
    // As in the GOV.UK pattern, the errors (and the title) stay until the form is sent again.
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example.test');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectErrorSummary(['Password is required']);
    expect(document.title).toBe('Error: Sign in – Kerbside');

    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: /There is a problem/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(document.title).not.toMatch(/^Error: /));
  });
});

describe('focus after a route change', () => {
  test('moves to the new page’s heading', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    await user.click(screen.getByRole('link', { name: 'How to Guide' }));

    const heading = await screen.findByRole('heading', { name: 'How to Guide', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  test('stays where the resident put it while the page loaded, rather than taking it back', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    // The screen's chunk is still on its way: the resident goes on to the account menu's button.
    const account = screen.getByRole('button', { name: /^Account menu/ });
    act(() => account.focus());

    await findScreenHeading('Settings');
    expect(account).toHaveFocus();
  });

  test('moves to the heading of a signed-out page, never staying on the link that left', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login', session: signedOut });
    await screen.findByRole('heading', { name: 'Sign in to Kerbside' });

    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));

    const heading = await screen.findByRole('heading', { name: 'Forgot Password', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('the accessibility statement', () => {
  test('is linked from the signed-in footer and says what does not work and how to report it', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', {
        name: 'Accessibility statement',
      }),
    );

    await screen.findByRole('heading', { name: 'Accessibility statement for Kerbside', level: 1 });
    for (const section of [
      'How accessible this service is',
      'Reporting accessibility problems with this service',
      'Enforcement procedure',
      'Compliance status',
      'Preparation of this statement',
    ]) {
      expect(screen.getByRole('heading', { name: section, level: 2 })).toBeInTheDocument();
    }
    expect(
      screen.getByText(/Web Content Accessibility Guidelines version 2\.2 AA/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@kerbside.test' })).toHaveAttribute(
      'href',
      'mailto:support@kerbside.test',
    );
  });

  test('is reachable signed out, from the sign-in page', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login', session: signedOut });
    await screen.findByRole('heading', { name: 'Sign in to Kerbside' });

    await user.click(screen.getByRole('link', { name: 'Accessibility statement' }));

    expect(
      await screen.findByRole('heading', { name: 'Accessibility statement for Kerbside' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('password fields', () => {
  test('"Show password" shows and hides what was typed, and pasting is allowed', async () => {
    const { user } = renderWithProviders(<AppRoutes />, {
      route: '/login',
      session: signedOut,
      machines: {
        login: loginMachine.provide({
          actors: { requestLogin: fromPromise(() => new Promise(() => {})) },
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Sign in to Kerbside' });
    const password = screen.getByLabelText(/^Password/);
    const toggle = screen.getByRole('button', { name: 'Show password' });

    await user.click(password);
    await user.paste('Pasted123');
    expect(password).toHaveValue('Pasted123');
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('aria-controls', password.id);

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('a page left and opened again', () => {
  // On a slow phone a resident can press "Back to Permits" and then "Add Permit" before My
  // Permits has been drawn: the router's two transitions then render together, and React draws
  // only where they end, the page it already shows (the CI failure of add-permit-journey).
  test('opens afresh even when the page in between was never drawn: no value of the form left behind', async () => {
    const { user } = renderWithProviders(<AppRoutes />, {
      route: '/add-permit',
      session: signedIn,
      siteSettings: plainSite,
      browserHistory: true,
    });
    await findScreenHeading('Add New Permit');
    await user.click(screen.getByRole('checkbox', { name: 'Set as Indefinite' }));
    const expiryDay = () =>
      within(screen.getByRole('group', { name: 'Expiry date' })).getByRole('textbox', {
        name: 'Day',
      });
    expect(expiryDay()).toBeDisabled();

    // Both presses before React renders either navigation.
    const back = screen.getByRole('link', { name: 'Back to Permits' });
    const addPermit = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Add Permit',
    });
    // One act() around both: each fireEvent alone would let React draw its navigation.
    // eslint-disable-next-line testing-library/no-unnecessary-act
    act(() => {
      fireEvent.click(back);
      fireEvent.click(addPermit);
    });

    await findScreenHeading('Add New Permit');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Set as Indefinite' })).not.toBeChecked(),
    );
    expect(expiryDay()).toBeEnabled();
  });
});
