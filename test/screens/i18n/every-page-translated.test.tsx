import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Profile } from '../../../contract/auth';
import { hostTexts } from '../../../contract/host-texts';
import { passwordRuleErrors } from '../../../contract/password-rule';
import type { Permit, PermitCapInfo } from '../../../contract/permit';
import type { SiteSettings } from '../../../contract/site-settings';
import type { VisitorInvitation, VisitorPass } from '../../../contract/visitor-pass';
import { messages as pseudoMessages } from '../../../locales/pseudo/app';
import { visitorPassListMachine } from '../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { activateLanguage } from '../../../src/i18n/activate-language';
import { i18n } from '../../../src/i18n/i18n';
import { AppRoutes } from '../../../src/shell/routes';
import { visitorPassListActors } from '../../../src/shared/visitor-pass-list-actors';
import { startApiHostStandIn, type ApiHostStandIn } from '../../support/api-host-stand-in';
import { englishCatalogueTextsIn } from '../../support/english-catalogue';
import { axeViolations } from '../../support/jsdom-axe';
import { pageTextsInPage } from '../../support/page-texts';
import { renderWithProviders, type SessionSetup } from '../../support/render';

// Issue 40's completeness checks. Every page, and the states a resident meets on it (a refused
// form with its error summary, a dialog), is rendered in Welsh and in Lingui's pseudo-locale
// (locales/pseudo, every catalogue text with its letters accented), against an API host
// stand-in with a resident's permits. In Welsh no text shown is a text of the English catalogue;
// in the pseudo-locale no text shown has plain English letters left once the data (names,
// registrations, dates, the product's name) is taken out: such a text bypassed the catalogue.

const profile: Profile = {
  first_name: 'Gwen',
  last_name: 'Pritchard',
  email: 'gwen.pritchard@example.test',
  active_registrations: 1,
  permit_limit: 5,
};
const site: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};
const capInfo: PermitCapInfo = {
  permits_used: 2,
  permit_cap_limit: 10,
  permits_remaining: 8,
  period_name: 'November 2026',
  permit_cap_type: 'monthly',
};
const hour = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
const permit = (id: number, vrm: string, status: Permit['status'], start: number): Permit => ({
  id,
  vrm,
  make: 'Ford',
  model: 'Fiesta',
  colour: 'Blue',
  reference_no: `KB${id}`,
  label: false,
  driver_first: 'Owain',
  driver_last: 'Glyndwr',
  status,
  start_ts: at(start),
  end_ts: at(start + 48),
});
const permits = [
  permit(1, 'AB12CDE', 'ACTIVE', -2),
  permit(2, 'CD34EFG', 'SCHEDULED', 24),
  permit(3, 'EF56GHJ', 'QUEUED', 1),
];
const invitation: VisitorInvitation = {
  inviter_first_name: 'Gwen',
  valid_from: at(-1),
  valid_until: at(72),
  site,
};

/** A pass Gwen sent her sister, still to be used, so the Visitor passes page shows Withdraw. */
const pass: VisitorPass = {
  id: 7,
  name: 'Megan',
  valid_from: at(-1),
  valid_until: at(72),
  uses_allowed: 2,
  uses_left: 2,
  state: 'READY',
  created_at: at(-1),
  permit_ids: [],
};

const [upperCaseRule, digitRule] = passwordRuleErrors('abcdefgh');

/** What a host answers each call of these pages with; 404 for a capability it lacks. */
function answer(url: string): { status: number; body: unknown } {
  const path = url.split('?')[0];
  if (path === '/api/v1/auth/profile/') return { status: 200, body: profile };
  if (path === '/api/v1/site-settings/') return { status: 200, body: site };
  if (path === '/api/v1/permits/permit_cap_info/') return { status: 200, body: capInfo };
  if (path === '/api/v1/permits/')
    return {
      status: 200,
      body: { count: permits.length, next: null, previous: null, results: permits },
    };
  if (path === '/api/v1/me/email-preferences/')
    return { status: 200, body: { confirmations: true, reminders: false } };
  if (path === '/api/v1/visitor-passes/visit/open-pass/') return { status: 200, body: invitation };
  if (path === '/api/v1/visitor-passes/') return { status: 200, body: { results: [pass] } };
  // The reference host's own refusals, which each reader sees in their language.
  if (path === '/api/v1/auth/login/')
    return { status: 200, body: { warning: hostTexts.signInFailed } };
  if (path === '/api/v1/auth/register/')
    return { status: 400, body: { password: [upperCaseRule, digitRule] } };
  if (path === '/api/v1/auth/change-password/')
    return {
      status: 400,
      body: {
        current_password: [hostTexts.wrongCurrentPassword],
        new_password: [upperCaseRule, digitRule],
      },
    };
  return { status: 404, body: { detail: hostTexts.notFound } };
}

let apiHost: ApiHostStandIn;
beforeAll(async () => {
  apiHost = await startApiHostStandIn((request) => answer(request.url ?? ''));
  // The app reads its configuration on first use; nothing in this file has used it yet.
  window.__KERBSIDE_CONFIG__ = {
    ...(window.__KERBSIDE_CONFIG__ as object),
    apiBaseUrl: apiHost.url,
  };
});
afterAll(() => apiHost.close());

const signedIn: SessionSetup = { status: 'signed_in', profile };
const signedOut: SessionSetup = { status: 'signed_out' };
/** A text in the language shown. */
const say = (id: string) => i18n._(id);

interface PageState {
  name: string;
  route: string;
  session: SessionSetup;
  /** Resolves once the page shows what it loads (names and registrations read the same in every language). */
  shown: () => Promise<unknown>;
  /** What the resident does on the page before it is read again, if anything. */
  then?: (resident: UserEvent) => Promise<void>;
}

const heading = () => screen.findByRole('heading', { level: 1 });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text box whose label begins with the text `id` in the language shown. */
const textbox = (id: string) =>
  screen.findByRole('textbox', { name: new RegExp(`^${escaped(say(id))}`) });
/** The password box whose label begins with the text `id` in the language shown. */
const passwordBox = (id: string) => screen.findByLabelText(new RegExp(`^${escaped(say(id))}`));
// The resident Gwen (signed in, or inviting a visitor), her name as a word of its own: a Welsh
// date on a Friday reads "dydd Gwener".
const residentsName = () => screen.findByText(/\bGwen\b/);
const pageStates: PageState[] = [
  { name: 'Dashboard', route: '/', session: signedIn, shown: residentsName },
  {
    name: 'Add Permit, sent unacknowledged: the error summary',
    route: '/add-permit',
    session: signedIn,
    shown: heading,
    then: async (resident) => {
      await resident.type(await textbox('Reference label'), 'Visit');
      await resident.type(await textbox('Registration number'), 'AB12CDE');
      await resident.type(await textbox('Make'), 'Ford');
      await resident.type(await textbox('Model'), 'Ka');
      await resident.click(screen.getByRole('checkbox', { name: say('Set as Indefinite') }));
      await resident.click(screen.getByRole('button', { name: say('Create Permit') }));
      await screen.findByRole('alert', { name: say('There is a problem') });
    },
  },
  {
    name: 'My Permits with a dialog open',
    route: '/my-permits',
    session: signedIn,
    shown: () => screen.findAllByText('AB12CDE'),
    then: async (resident) => {
      const [cancel] = screen.getAllByRole('button', {
        name: new RegExp(`^${escaped(say('Cancel'))} `),
      });
      if (!cancel) throw new Error('My Permits shows no cancel button');
      await resident.click(cancel);
      await screen.findByRole('alertdialog');
    },
  },
  { name: 'How to Guide', route: '/how-to-guide', session: signedIn, shown: heading },
  {
    name: 'Settings',
    route: '/settings',
    session: signedIn,
    shown: () => screen.findAllByRole('switch'),
  },
  {
    name: 'Change password',
    route: '/settings/change-password',
    session: signedIn,
    shown: heading,
  },
  {
    name: 'Visitor passes',
    route: '/visitor-passes',
    session: signedIn,
    // The pass's row, with its Withdraw button, whose name the walk checks.
    shown: () => screen.findByRole('button', { name: new RegExp(pass.name) }),
  },
  { name: 'A new visitor pass', route: '/visitor-passes/new', session: signedIn, shown: heading },
  {
    name: 'Sign in, sent empty',
    route: '/login',
    session: signedOut,
    shown: heading,
    then: async (resident) => {
      await resident.click(await screen.findByRole('button', { name: say('Sign in') }));
      await screen.findByRole('alert', { name: say('There is a problem') }, { timeout: 15_000 });
    },
  },
  {
    name: 'Register, sent empty',
    route: '/register',
    session: signedOut,
    shown: heading,
    then: async (resident) => {
      await resident.click(await screen.findByRole('button', { name: say('Create account') }));
      await screen.findByRole('alert', { name: say('There is a problem') }, { timeout: 15_000 });
    },
  },
  {
    name: 'Sign in, answered with the host’s warning and no token',
    route: '/login',
    session: signedOut,
    shown: heading,
    then: async (resident) => {
      await resident.type(await textbox('Email'), profile.email);
      await resident.type(await passwordBox('Password'), 'abcdefgh');
      await resident.click(await screen.findByRole('button', { name: say('Sign in') }));
      await screen.findByText(
        i18n._('{warning} Please contact support.', { warning: say(hostTexts.signInFailed) }),
      );
    },
  },
  {
    name: 'Register, refused for two of the password’s rules',
    route: '/register',
    session: signedOut,
    shown: heading,
    then: async (resident) => {
      await resident.type(await textbox('Invite code'), 'WELCOME');
      await resident.type(await textbox('Email'), profile.email);
      await resident.type(await textbox('First name'), profile.first_name);
      await resident.type(await textbox('Last name'), profile.last_name);
      await resident.type(await passwordBox('Password'), 'abcdefgh');
      await resident.click(await screen.findByRole('button', { name: say('Create account') }));
      await screen.findAllByText(`${say(upperCaseRule!)} ${say(digitRule!)}`);
    },
  },
  {
    name: 'Change password, refused: the current password and two of the new one’s rules',
    route: '/settings/change-password',
    session: signedIn,
    shown: heading,
    then: async (resident) => {
      await resident.type(await passwordBox('Current password'), 'OldSecret1');
      await resident.type(await passwordBox('New password'), 'abcdefgh');
      await resident.type(await passwordBox('Confirm new password'), 'abcdefgh');
      await resident.click(await screen.findByRole('button', { name: say('Update Password') }));
      // A bullet a sentence, each worded whole before it was split.
      await screen.findByText(say(upperCaseRule!));
      await screen.findByText(say(digitRule!));
    },
  },
  { name: 'Forgot password', route: '/forgot-password', session: signedOut, shown: heading },
  {
    name: 'Reset password',
    route: '/reset-password?oobCode=code',
    session: signedOut,
    shown: heading,
  },
  { name: 'Accessibility statement', route: '/accessibility', session: signedOut, shown: heading },
  {
    name: 'A visitor’s page',
    route: '/visit/open-pass',
    session: signedOut,
    shown: residentsName,
  },
];

async function walk(state: PageState) {
  const { user: resident } = renderWithProviders(<AppRoutes />, {
    route: state.route,
    session: state.session,
    browserHistory: true,
    // The app's own calls for visitor passes, to the host stand-in, which offers them.
    machines: { visitorPassList: visitorPassListMachine.provide(visitorPassListActors) },
  });
  // A signed-in page shows its frame while the session is checked, then the resident's initials.
  if (state.session === signedIn) await screen.findByText('GP');
  await state.shown();
  // The screen's own chunk has replaced the frame's heading and spinner.
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: say('Loading page') })).not.toBeInTheDocument(),
  );
  await state.then?.(resident);
  return pageTextsInPage(false).texts;
}

describe('in Welsh', () => {
  beforeAll(() => activateLanguage('cy'));
  afterAll(() => activateLanguage('en'));

  test.each(pageStates.map((state) => [state.name, state] as const))(
    '%s shows no text of the English catalogue, and axe finds nothing',
    async (_, state) => {
      const texts = await walk(state);
      expect(document.documentElement).toHaveAttribute('lang', 'cy');
      expect(texts.length).toBeGreaterThan(5);
      expect(englishCatalogueTextsIn(texts)).toEqual([]);
      expect(await axeViolations()).toEqual([]);
      expect(labelsWithoutTheirText()).toEqual([]);
    },
  );
});

/**
 * The controls whose name, given by `aria-label`, does not hold the words they show (WCAG 2.5.3,
 * Label in Name): a speech-input user says what they see. axe checks this in none of its rules
 * that run here, and a translation can break it where the English holds.
 */
function labelsWithoutTheirText(): { shown: string; name: string }[] {
  const words = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase('cy');
  return [...document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label]')]
    .map((control) => ({
      shown: words(control.textContent ?? ''),
      name: words(control.getAttribute('aria-label') ?? ''),
    }))
    .filter(({ shown, name }) => shown !== '' && !name.includes(shown));
}

/** What a page may show in plain letters: the data, the product's name, dates' words. */
const data = [
  profile.first_name,
  profile.last_name,
  profile.email,
  'support@kerbside.test',
  'Kerbside',
  'Owain',
  'Glyndwr',
  'Ford',
  'Fiesta',
  'Blue',
  'November 2026',
  'GP',
  pass.name,
  ...permits.flatMap(({ vrm, reference_no }) => [
    vrm,
    vrm.replace(/^(\w{4})/, '$1 '),
    reference_no,
  ]),
];
const dateWords =
  /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b|\b(am|pm|GMT|BST)\b/g;
const plainEnglish = (text: string) =>
  data.reduce((left, value) => left.split(value).join(' '), text).replace(dateWords, ' ');

describe('in the pseudo-locale', () => {
  beforeAll(() => {
    i18n.load('pseudo', pseudoMessages);
    i18n.activate('pseudo');
  });
  afterAll(() => activateLanguage('en'));

  test.each(pageStates.map((state) => [state.name, state] as const))(
    '%s shows no text that bypassed the catalogue',
    async (_, state) => {
      const texts = await walk(state);
      expect(texts.length).toBeGreaterThan(5);
      // Lingui's pseudo-locale accents every letter but v and x.
      expect(texts.filter((text) => /[A-Za-z]{2,}/.test(plainEnglish(text)))).toEqual([]);
    },
  );
});

test('the checks find English: the English pages fail both', async () => {
  await act(() => activateLanguage('en'));
  const texts = await walk(pageStates[0]!);
  expect(englishCatalogueTextsIn(texts)).not.toEqual([]);
  expect(texts.filter((text) => /[A-Za-z]{2,}/.test(plainEnglish(text)))).not.toEqual([]);
});
