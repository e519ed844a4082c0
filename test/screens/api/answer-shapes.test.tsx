import { screen } from '@testing-library/react';
import type { SiteSettings } from '../../../contract/site-settings';
import { MyPermitsScreen } from '../../../src/features/permits/my-permits/my-permits-screen';
import { DashboardScreen } from '../../../src/features/dashboard/dashboard-screen';
import { activatePermit, cancelPermit, updatePermit } from '../../../src/api/permits-api';
import { toUpdatePermitRefusalMessage } from '../../../machines/permits/permit-dialogs/permit-action-error-message';
import {
  startApiHostStandIn,
  type ApiHostStandIn,
  type StandInAnswer,
} from '../../support/api-host-stand-in';
import { renderWithProviders, residentProfile } from '../../support/render';

// A council's API host answers with bodies of another shape than the contract's (contract/):
// each screen shows its ordinary failure state, never a crash or a spinner that never ends.

let answers: (path: string) => StandInAnswer;
let apiHost: ApiHostStandIn;

const settings: SiteSettings = {
  can_add_reference: false,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};
const permitOfAnotherShape = { id: 'one', vrm: null, status: 'SOMEWHERE' };

beforeAll(async () => {
  apiHost = await startApiHostStandIn((request) => answers(request.url ?? ''));
  // The app reads its configuration on first use; nothing in this file has used it yet.
  window.__KERBSIDE_CONFIG__ = {
    ...(window.__KERBSIDE_CONFIG__ as object),
    apiBaseUrl: apiHost.url,
  };
});

afterAll(() => apiHost.close());

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

test.each([
  ['rows of another shape', { count: 1, results: [permitOfAnotherShape] }],
  ['results that are not a list', { count: 1, results: 'none' }],
  ['a count that is not a number', { count: 'many', results: [] }],
  ['a text', 'Service temporarily unavailable'],
])(
  'My Permits served a list answer with %s shows that the list failed, and offers to try again',
  async (_, body) => {
    answers = (path) =>
      path.startsWith('/api/v1/permits/')
        ? { status: 200, body }
        : { status: 404, body: { detail: 'Not found.' } };
    // The list call is the app's own (src/api/permits-api.ts), to the stand-in.
    renderWithProviders(
      <main>
        <MyPermitsScreen />
      </main>,
      {
        route: '/my-permits',
        session: { status: 'signed_in', profile: residentProfile },
        siteSettings: settings,
      },
    );

    expect(
      await screen.findByText('The list could not be brought up to date.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Permits', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('No permits found matching your criteria.')).not.toBeInTheDocument();
  },
);

test('the dashboard served a profile, cap info and list of another shape falls back, as when they fail', async () => {
  answers = (path) => {
    if (path === '/api/v1/auth/profile/') return { status: 200, body: { first_name: 42 } };
    if (path === '/api/v1/permits/permit_cap_info/')
      return { status: 200, body: { permits_used: 'three' } };
    if (path.startsWith('/api/v1/permits/')) return { status: 200, body: { results: {} } };
    return { status: 404, body: { detail: 'Not found.' } };
  };
  renderWithProviders(<DashboardScreen />, {
    session: { status: 'signed_in', profile: residentProfile },
  });

  // The session's profile stands in for the one the host could not give.
  expect(await screen.findByText('Welcome, Jane!')).toBeInTheDocument();
  expect(await screen.findAllByText('Unavailable')).not.toHaveLength(0);
});

// docs/contract.md §7 reads activate's and cancel's answers only when they fail, and an update's
// 2xx only for an error flag: a council's host may answer a change made with no body at all.
test.each([
  ['no body', { status: 204, body: undefined }],
  ['a body of another shape', { status: 200, body: { status: 'success' } }],
  ['a text', { status: 200, body: 'OK' }],
])('activate, cancel and update answered 2xx with %s are the change made', async (_, answer) => {
  answers = () => answer;
  await expect(activatePermit(7)).resolves.toBeUndefined();
  await expect(cancelPermit(7)).resolves.toBeUndefined();
  expect(toUpdatePermitRefusalMessage(await updatePermit(7, { end_ts: null }))).toBeNull();
});

test('an update answered 2xx with an error flag is still refused, with its message', async () => {
  answers = () => ({ status: 200, body: { error: true, message: 'The provider refused it.' } });
  expect(toUpdatePermitRefusalMessage(await updatePermit(7, { end_ts: null }))).toBe(
    'The provider refused it.',
  );
});
