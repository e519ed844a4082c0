import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import { createActorControls } from '../../../machines/flow-models/actor-controls';
import { fakeSessionActors } from '../../../machines/session-flow-samples';
import { sessionMachine } from '../../../machines/session-machine';
import { ApiError } from '../../../src/api/api-error';
import { i18n } from '../../../src/i18n/i18n';
import { AppProviders } from '../../../src/shell/app-providers';
import { AppRoutes } from '../../../src/shell/routes';
import { emulateViewportWidth } from '../../support/media-preferences';
import { axeViolations } from '../../support/jsdom-axe';
import {
  exactly,
  findScreenHeading,
  renderWithProviders,
  residentProfile,
} from '../../support/render';

const signedIn = { status: 'signed_in', profile: residentProfile } as const;
const year = new Date().getFullYear();

const navigation = () => screen.queryByRole('navigation', { name: 'Main' });
const footer = () => screen.queryByRole('contentinfo');
const loginPage = () => screen.findByRole('heading', { name: 'Sign in to Kerbside' });

// The menu highlights an item on pointer down and selects the highlighted item on click. A
// person's press and release are apart in time, and the page updates in between; `user.click`
// fires both at once, so here they are two gestures too.
async function chooseMenuItem(user: UserEvent, name: string) {
  const item = await screen.findByRole('menuitem', { name });
  await user.pointer({ keys: '[MouseLeft>]', target: item });
  await user.pointer({ keys: '[/MouseLeft]', target: item });
}

describe('the signed-in shell', () => {
  test('has the five navigation entries, the current one marked', async () => {
    renderWithProviders(<AppRoutes />, { route: '/my-permits', session: signedIn });

    await findScreenHeading('My Permits');
    const links = within(navigation()!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Add Permit', '/add-permit'],
      ['My Permits', '/my-permits'],
      ['How to Guide', '/how-to-guide'],
      ['Settings', '/settings'],
    ]);
    expect(within(navigation()!).getByRole('link', { name: 'My Permits' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation()!).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  test('navigating moves the current-page mark and shows the page', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });

    await user.click(await screen.findByRole('link', { name: 'How to Guide' }));

    expect(await findScreenHeading('How to Guide')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to Guide' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test("the avatar shows the user's initials", async () => {
    renderWithProviders(<AppRoutes />, { session: signedIn });

    expect(await screen.findByRole('button', { name: 'Account menu: JD' })).toHaveTextContent(
      /^JD$/,
    );
  });

  test('the avatar shows "U" when the profile has no name', async () => {
    renderWithProviders(<AppRoutes />, {
      session: {
        status: 'signed_in',
        profile: { ...residentProfile, first_name: '', last_name: '' },
      },
    });

    expect(await screen.findByRole('button', { name: 'Account menu: U' })).toHaveTextContent(/^U$/);
  });

  test('the avatar shows "U" when the profile could not be fetched', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<AppRoutes />, { session: { status: 'signed_in', profile: null } });

    expect(await screen.findByRole('button', { name: 'Account menu: U' })).toHaveTextContent(/^U$/);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  test('the footer shows the current year and the product name', async () => {
    renderWithProviders(<AppRoutes />, { session: signedIn });

    await findScreenHeading('Dashboard');
    expect(within(footer()!).getByText(exactly(`© ${year} Kerbside`))).toBeInTheDocument();
    expect(
      within(footer()!).getByRole('link', { name: 'Accessibility statement' }),
    ).toHaveAttribute('href', '/accessibility');
  });

  test('the avatar menu offers Settings and Log out', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { session: signedIn });

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Log out']);
  });

  test('Settings in the menu goes to the settings page', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { session: signedIn });

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await chooseMenuItem(user, 'Settings');

    expect(await findScreenHeading('Settings')).toBeInTheDocument();
  });

  test('Log out leaves the shell for the login page', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { session: signedIn });

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await chooseMenuItem(user, 'Log out');

    expect(await loginPage()).toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
    expect(footer()).not.toBeInTheDocument();
  });

  test('the menu works from the keyboard', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { session: signedIn });
    (await screen.findByRole('button', { name: /^Account menu/ })).focus();

    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const [settings, logOut] = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(menu).toHaveAttribute('aria-activedescendant', settings!.id));
    // The menu takes focus a frame after it opens; an arrow pressed before then goes elsewhere.
    await waitFor(() => expect(menu).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(menu).toHaveAttribute('aria-activedescendant', logOut!.id));
    await user.keyboard('{Enter}');

    expect(await loginPage()).toBeInTheDocument();
  });

  test('every route change scrolls to the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    const { user } = renderWithProviders(<AppRoutes />, { session: signedIn });
    await findScreenHeading('Dashboard');
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Add Permit' }));
    await findScreenHeading('Add New Permit');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await findScreenHeading('Settings');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  test('a route change re-checks the account, and a disabled one is sent to /login', async () => {
    let profileAnswers = 0;
    const sessionLogic = sessionMachine.provide({
      actors: {
        identityListener: fromCallback(({ sendBack }) => {
          sendBack({
            type: 'IDENTITY.CHANGED',
            user: { uid: 'resident-1', email: residentProfile.email, emailVerified: true },
          });
        }),
        fetchProfile: fromPromise(async () => {
          profileAnswers += 1;
          if (profileAnswers > 1) throw new ApiError('Forbidden', { status: 403 });
          return residentProfile;
        }),
        refreshToken: fromPromise(async () => {}),
        logout: fromPromise(async () => {}),
      },
    });
    const user = userEvent.setup();
    render(
      <AppProviders machines={{ session: sessionLogic }}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );

    await user.click(await screen.findByRole('link', { name: 'My Permits' }));

    expect(await loginPage()).toBeInTheDocument();
    expect(profileAnswers).toBe(2);
  });
});

describe('on a phone', () => {
  beforeEach(() => emulateViewportWidth(390));
  afterEach(() => act(() => emulateViewportWidth(null)));

  const menuButton = () => within(navigation()!).getByRole('button', { name: 'Menu' });

  test('the entries fold behind a Menu button in the navigation, which shows and hides them', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    const list = within(navigation()!).getByRole('list', { hidden: true });
    expect(menuButton()).toHaveAttribute('aria-controls', list.id);
    expect(list).not.toBeVisible();
    expect(within(navigation()!).queryAllByRole('link')).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.click(menuButton());

    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(
      within(navigation()!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Add Permit', 'My Permits', 'How to Guide', 'Settings']);
    expect(within(navigation()!).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await axeViolations()).toEqual([]);

    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  test('an entry chosen from the Menu opens its page and folds the list again', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    await user.click(menuButton());
    await user.click(within(navigation()!).getByRole('link', { name: 'How to Guide' }));

    const heading = await findScreenHeading('How to Guide');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(within(navigation()!).queryAllByRole('link')).toEqual([]);
    // A new page: focus goes to its heading, as after any page change.
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('the page already shown, chosen again from the Menu, folds the list and leaves focus on the Menu button', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    menuButton().focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(within(navigation()!).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  test('the Menu works from the keyboard: Enter opens it and Tab goes on to the entries', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');

    menuButton().focus();
    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveFocus();
    await user.tab();
    expect(within(navigation()!).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
  });

  test('a wide screen shows the entries and no Menu button', async () => {
    renderWithProviders(<AppRoutes />, { route: '/', session: signedIn });
    await findScreenHeading('Dashboard');
    expect(menuButton()).toBeInTheDocument();

    act(() => emulateViewportWidth(1280));

    expect(within(navigation()!).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(within(navigation()!).getAllByRole('link')).toHaveLength(5);
  });
});

describe('route guards', () => {
  test('a protected route shows a labelled spinner under its heading while the session is loading', async () => {
    renderWithProviders(<AppRoutes />, { route: '/my-permits', session: { status: 'loading' } });

    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Permits' })).toBeInTheDocument();
    // The frame of the page, without what is for a resident known to be signed in: the service's
    // name and the language link, as on every page.
    expect(
      within(screen.getByRole('banner'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kerbside', 'Cymraeg']);
    expect(screen.getByRole('banner')).toHaveTextContent(exactly('KerbsideCymraeg'));
    expect(navigation()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Account menu/ })).not.toBeInTheDocument();
    expect(footer()).not.toBeInTheDocument();
  });

  test('a protected page without a fixed heading shows only the spinner while the session is loading', async () => {
    renderWithProviders(<AppRoutes />, { route: '/add-permit', session: { status: 'loading' } });

    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
  });

  test.each([
    ['signed out', { status: 'signed_out' } as const],
    ['invalid', { status: 'invalid' } as const],
  ])('a protected route sends a %s user to /login, without the shell', async (_, session) => {
    renderWithProviders(<AppRoutes />, { route: '/settings/change-password', session });

    expect(await loginPage()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
    expect(footer()).not.toBeInTheDocument();
  });

  test.each(['/login', '/register'])('%s shows no navbar and no footer', async (route) => {
    renderWithProviders(<AppRoutes />, { route, session: { status: 'signed_out' } });

    expect(await screen.findByRole('textbox', { name: /email/i })).toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
    expect(footer()).not.toBeInTheDocument();
  });

  test.each(['/login', '/register', '/forgot-password', '/reset-password?uid=u&token=t'])(
    '%s sends a signed-in user to the dashboard',
    async (route) => {
      renderWithProviders(<AppRoutes />, { route, session: signedIn });

      expect(await findScreenHeading('Dashboard')).toBeInTheDocument();
      expect(navigation()).toBeInTheDocument();
    },
  );

  test("the session's first answer leaves the sign-in page as it was drawn: only the guard renders again", async () => {
    // React renders a store's update at once, in one task: on a phone, drawing the page again
    // there held the main thread for about 230 ms at Lighthouse's 4x (docs/performance.md).
    const controls = createActorControls();
    renderWithProviders(<AppRoutes />, {
      route: '/login',
      machines: { session: sessionMachine.provide({ actors: fakeSessionActors(controls) }) },
    });
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    await waitFor(() => expect(controls.isRunning('identityListener')).toBe(true));
    // Each part of the page looks its texts up in the catalogue whenever it renders.
    const lookUps = jest.spyOn(i18n, '_');

    act(() => controls.sendFrom('identityListener', { type: 'IDENTITY.CHANGED', user: null }));

    expect(lookUps.mock.calls.map(([text]) => text)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    lookUps.mockRestore();
  });

  test('an unknown address leads a signed-out visitor to /login', async () => {
    renderWithProviders(<AppRoutes />, {
      route: '/no-such-page',
      session: { status: 'signed_out' },
    });

    expect(await loginPage()).toBeInTheDocument();
  });
});
