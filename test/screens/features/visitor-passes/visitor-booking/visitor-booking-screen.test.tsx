import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fromPromise } from 'xstate';
import type { VisitorBooking, VisitorInvitation } from '../../../../../contract/visitor-pass';
import type { SiteSettings } from '../../../../../contract/site-settings';
import {
  visitorBookingMachine,
  type BookVisitRequest,
  type ReadBookingRequest,
} from '../../../../../machines/visitor-passes/visitor-booking/visitor-booking-machine';
import {
  activeBooking,
  filledBookingPayload,
  invitation,
  queuedBooking,
} from '../../../../../machines/visitor-passes/visitor-booking/visitor-booking-flow-samples';
import { juneNoon } from '../../../../../machines/permits/permit-form/permit-form-samples';
import { ApiError } from '../../../../../src/api/api-error';
import { RoutedPage } from '../../../../../src/shell/routed-page';
import { VisitorBookingScreen } from '../../../../../src/features/visitor-passes/visitor-booking/visitor-booking-screen';
import { AppRoutes } from '../../../../../src/shell/routes';
import { typeDateTime } from '../../../../support/date-time-boxes';
import { expectErrorSummary, findErrorBanner } from '../../../../support/error-summary';
import { axeViolations } from '../../../../support/jsdom-axe';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';
import { requestKeyPattern } from '../../../../support/request-key';

/** The host behind the visitor's page: each call answers as the test says. */
interface FakeHost {
  loadInvitation?: (token: string) => Promise<VisitorInvitation>;
  bookVisit?: (request: BookVisitRequest) => Promise<VisitorBooking>;
  readBooking?: (request: ReadBookingRequest) => Promise<VisitorBooking>;
}

function bookingAgainst(host: FakeHost, statusRefresh = 4000) {
  return visitorBookingMachine.provide({
    actors: {
      loadInvitation: fromPromise(({ input }: { input: { token: string } }) =>
        (host.loadInvitation ?? (async () => invitation))(input.token),
      ),
      bookVisit: fromPromise(({ input }: { input: BookVisitRequest }) =>
        (host.bookVisit ?? (async () => queuedBooking))(input),
      ),
      readBooking: fromPromise(({ input }: { input: ReadBookingRequest }) =>
        (host.readBooking ?? (async () => activeBooking))(input),
      ),
    },
    delays: { statusRefresh },
  });
}

function renderVisit(host: FakeHost = {}, options: { statusRefresh?: number } = {}) {
  return renderWithProviders(
    <main>
      <Routes>
        {/* In the page frame, as in the app (src/shell/public-layout.tsx): it writes the title. */}
        <Route element={<RoutedPage />}>
          <Route path="/visit/:token" element={<VisitorBookingScreen />} />
        </Route>
      </Routes>
    </main>,
    {
      route: '/visit/pass-token-1',
      machines: { visitorBooking: bookingAgainst(host, options.statusRefresh) },
      clock: () => juneNoon,
    },
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const bookButton = () => screen.getByRole('button', { name: 'Book parking' });

/** Fills the form as a visitor would: a Ford Focus, leaving at 18:00 on 2 June 2026. */
async function fillBooking(user: UserEvent, vrm = 'ab12 cde') {
  await user.type(field(/^Registration number/), vrm);
  await user.type(field(/^Make/), 'Ford');
  await user.type(field(/^Model/), 'Focus');
  await user.type(field(/^Colour/), 'Blue');
  await typeDateTime(user, screen.getByRole('group', { name: 'Expiry date' }), '2026-06-02T18:00');
  await user.click(
    screen.getByRole('checkbox', {
      name: 'I have verified that the details of this permit are correct.',
    }),
  );
}

test('says who invited the visitor, by first name, and until when, and asks for the booking', async () => {
  renderVisit();

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Book visitor parking' }),
  ).toBeInTheDocument();
  expect(
    screen.getByText('Jane has invited you to park here until 08/06/2026 10:00 (UK time).'),
  ).toBeInTheDocument();
  expect(field(/^Registration number/)).toBeRequired();
  expect(field(/^Make/)).toBeRequired();
  expect(field(/^Model/)).toBeRequired();
  expect(field(/^Colour \(optional\)/)).not.toBeRequired();
  expect(screen.getByRole('group', { name: 'Expiry date' })).toBeInTheDocument();
  expect(field(/^E-mail for a receipt \(optional\)/)).toHaveAttribute('type', 'email');
  expect(bookButton()).toBeEnabled();
  expect(await axeViolations()).toEqual([]);
});

test('the link is asked for by its token', async () => {
  const loadInvitation = jest.fn(async () => invitation);
  renderVisit({ loadInvitation });

  await screen.findByRole('button', { name: 'Book parking' });
  expect(loadInvitation).toHaveBeenCalledWith('pass-token-1');
  expect(document.title).toBe('Book visitor parking – Kerbside');
});

test.each([['used, expired, withdrawn or unknown', new ApiError('Not found', { status: 404 })]])(
  'a pass %s shows the same page, which asks for a new link',
  async (_, refusal) => {
    renderVisit({ loadInvitation: async () => Promise.reject(refusal) });

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'This visitor pass can no longer be used',
    });
    expect(screen.getByText('Ask the person who sent you the link for a new one.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book parking' })).not.toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('This visitor pass can no longer be used – Kerbside');
    expect(await axeViolations()).toEqual([]);
  },
);

test('a pass that could not be read offers "Try again"', async () => {
  const loadInvitation = jest
    .fn<Promise<VisitorInvitation>, [string]>()
    .mockRejectedValueOnce(new ApiError('Network Error'))
    .mockResolvedValueOnce(invitation);
  const { user } = renderVisit({ loadInvitation });

  expect(await findErrorBanner()).toHaveTextContent(
    exactly('This page could not be loaded. Please try again.'),
  );
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('button', { name: 'Book parking' })).toBeInTheDocument();
  // "Try again" has gone: focus is on the page's heading, not on its body.
  expect(screen.getByRole('heading', { level: 1, name: 'Book visitor parking' })).toHaveFocus();
});

test('an empty form is not sent, and says what is missing', async () => {
  const bookVisit = jest.fn();
  const { user } = renderVisit({ bookVisit });
  await screen.findByRole('button', { name: 'Book parking' });

  await user.click(bookButton());

  await expectErrorSummary([
    'Registration number is required',
    'Make is required',
    'Model is required',
    'Expiry date is required',
    'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.',
  ]);
  expect(field(/^Make/)).toHaveAccessibleDescription('Make is required');
  expect(bookVisit).not.toHaveBeenCalled();
});

test('the registration has Add Permit’s typo guard: a slip is offered its mended form', async () => {
  const bookVisit = jest.fn(async () => queuedBooking);
  const { user } = renderVisit({ bookVisit });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user, 'AB12 C0E');

  expect(await screen.findByRole('group', { name: 'Did you mean AB12 COE?' })).toBeVisible();
  expect(screen.getByRole('checkbox', { name: 'This registration is correct' })).not.toBeChecked();
  await user.click(bookButton());
  await expectErrorSummary([
    'Check the registration against the vehicle, then tick “This registration is correct”.',
  ]);
  expect(bookVisit).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Use AB12 COE' }));
  expect(field(/^Registration number/)).toHaveValue('AB12 COE');
  expect(
    screen.queryByRole('checkbox', { name: 'This registration is correct' }),
  ).not.toBeInTheDocument();
});

test('an unrecognised registration is sent once the visitor vouches for it', async () => {
  const bookVisit = jest.fn(async (_: BookVisitRequest) => queuedBooking);
  const { user } = renderVisit({ bookVisit });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user, 'CD 123 456');
  expect(
    await screen.findByText(
      'This is not a standard UK registration. Check it against the vehicle.',
      { selector: 'p' },
    ),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'This registration is correct' }));
  await user.click(bookButton());

  await waitFor(() => expect(bookVisit).toHaveBeenCalledTimes(1));
  expect(bookVisit.mock.calls[0]![0].payload.vrm).toBe('CD123456');
});

test('books: the payload, then "Visitor parking booked" with the live status and a calendar file', async () => {
  const bookVisit = jest.fn(async (_: BookVisitRequest) => queuedBooking);
  let answerStatus!: (booking: VisitorBooking) => void;
  const readBooking = jest.fn(
    (_: ReadBookingRequest) =>
      new Promise<VisitorBooking>((resolve) => {
        answerStatus = resolve;
      }),
  );
  const { user } = renderVisit({ bookVisit, readBooking }, { statusRefresh: 20 });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user);
  await user.type(field(/^E-mail for a receipt/), 'sam@example.test');
  await user.click(bookButton());

  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'Visitor parking booked',
  });
  expect(bookVisit).toHaveBeenCalledWith({
    token: 'pass-token-1',
    payload: { ...filledBookingPayload, booking_key: expect.stringMatching(requestKeyPattern) },
  });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(document.title).toBe('Visitor parking booked – Kerbside');
  expect(screen.getByText('AB12 CDE')).toBeInTheDocument();
  expect(screen.getByText('01/06/2026 12:00')).toBeInTheDocument();
  expect(screen.getByText('02/06/2026 18:00')).toBeInTheDocument();
  // The status is a polite live region: a screen reader hears it change.
  const status = screen
    .getAllByRole('definition')
    .find((definition) => definition.textContent === 'Queued');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(await axeViolations()).toEqual([]);

  // Queued is pending: the page asks again, as My Permits does, and shows the new status.
  await waitFor(() => expect(readBooking).toHaveBeenCalledTimes(1));
  await act(async () => answerStatus(activeBooking));
  expect(await screen.findByText('Active')).toBeInTheDocument();
  expect(readBooking).toHaveBeenCalledWith({ token: 'pass-token-1', referenceNo: 'KS-VIS00001' });
  const asked = readBooking.mock.calls.length;
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(readBooking).toHaveBeenCalledTimes(asked);

  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:calendar';
  });
  URL.revokeObjectURL = jest.fn();
  await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
  const ics = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(created[0]!);
  });
  expect(ics).toContain('SUMMARY:Visitor permit AB12 CDE');
  expect(ics).toContain('UID:kerbside-permit-KS-VIS00001@kerbside');
  expect(ics).toContain('DTSTART:20260601T110000Z');
  expect(ics).toContain('DTEND:20260602T170000Z');
  expect(ics).not.toContain('Driver:');
});

test('"Book parking" pressed again after a lost answer sends the same booking key, and shows the booking', async () => {
  const bookVisit = jest
    .fn<Promise<VisitorBooking>, [BookVisitRequest]>()
    .mockRejectedValueOnce(new ApiError('Network Error'))
    .mockResolvedValueOnce(queuedBooking);
  const { user } = renderVisit({ bookVisit });
  await screen.findByRole('button', { name: 'Book parking' });
  await fillBooking(user);
  await user.click(bookButton());
  expect(await findErrorBanner()).toHaveTextContent(
    exactly('Your parking could not be booked. Please try again.'),
  );

  await user.click(bookButton());

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Visitor parking booked' }),
  ).toBeInTheDocument();
  const [first, second] = bookVisit.mock.calls.map(([request]) => request.payload.booking_key);
  expect(first).toMatch(requestKeyPattern);
  expect(second).toBe(first);
});

test('"The person who invited you has no permits left right now" is the form’s error', async () => {
  const { user } = renderVisit({
    bookVisit: async () =>
      Promise.reject(
        new ApiError('Bad Request', {
          status: 400,
          body: { non_field_errors: ['The person who invited you has no permits left right now'] },
        }),
      ),
  });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user);
  await user.click(bookButton());

  const banner = await findErrorBanner();
  expect(banner).toHaveTextContent(
    exactly('The person who invited you has no permits left right now'),
  );
  await waitFor(() => expect(banner).toHaveFocus());
  expect(field(/^Make/)).toHaveValue('Ford');
  expect(bookButton()).toBeEnabled();
});

test('the host’s word on a field shows on that field and in the summary', async () => {
  const { user } = renderVisit({
    bookVisit: async () =>
      Promise.reject(
        new ApiError('Bad Request', {
          status: 400,
          body: { make: ['Make is not one we know.'] },
        }),
      ),
  });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user);
  await user.click(bookButton());

  await expectErrorSummary(['Make is not one we know.']);
  expect(field(/^Make/)).toHaveAccessibleDescription('Make is not one we know.');
});

test('a pass that stopped being usable while the form was filled in shows the unusable page', async () => {
  const { user } = renderVisit({
    bookVisit: async () => Promise.reject(new ApiError('Not found', { status: 404 })),
  });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user);
  await user.click(bookButton());

  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: 'This visitor pass can no longer be used',
    }),
  ).toBeInTheDocument();
});

test('a throttled booking is told to wait', async () => {
  const { user } = renderVisit({
    bookVisit: async () => Promise.reject(new ApiError('Too Many Requests', { status: 429 })),
  });
  await screen.findByRole('button', { name: 'Book parking' });

  await fillBooking(user);
  await user.click(bookButton());

  expect(await findErrorBanner()).toHaveTextContent(
    exactly('Too many attempts. Please wait a moment and try again.'),
  );
});

describe('the pass’s window and the site’s rules', () => {
  const schedulingSite: SiteSettings = {
    can_add_reference: false,
    can_schedule_permits: true,
    default_end_date_limit_hours: 0,
  };

  test('an end after the pass’s is refused', async () => {
    const bookVisit = jest.fn();
    const { user } = renderVisit({ bookVisit });
    await screen.findByRole('button', { name: 'Book parking' });

    await fillBooking(user);
    await typeDateTime(
      user,
      screen.getByRole('group', { name: 'Expiry date' }),
      '2026-06-09T18:00',
    );
    await user.click(bookButton());

    await expectErrorSummary(['Expiry date must be no later than 08/06/2026 10:00']);
    expect(bookVisit).not.toHaveBeenCalled();
  });

  test('a pass that starts later asks when the visitor arrives, within its window', async () => {
    const later = { ...invitation, valid_from: '2026-06-03T09:00:00Z', site: schedulingSite };
    const bookVisit = jest.fn(async (_: BookVisitRequest) => queuedBooking);
    const { user } = renderVisit({ loadInvitation: async () => later, bookVisit });
    await screen.findByRole('button', { name: 'Book parking' });

    expect(
      screen.queryByRole('checkbox', { name: 'Schedule permit for future activation' }),
    ).not.toBeInTheDocument();
    const start = screen.getByRole('group', { name: 'Scheduled start date' });
    expect(start).toHaveAccessibleDescription(
      'When you arrive. The earliest is Wednesday 3 June 2026, 10:00 UK time (BST). Use the 24-hour clock.',
    );
    await fillBooking(user);
    await typeDateTime(user, start, '2026-06-02T10:00');
    await user.click(bookButton());
    await expectErrorSummary(['Scheduled start date must be on or after 03/06/2026 10:00']);

    await typeDateTime(user, start, '2026-06-03T10:00');
    await typeDateTime(
      user,
      screen.getByRole('group', { name: 'Expiry date' }),
      '2026-06-03T18:00',
    );
    await user.click(bookButton());

    await waitFor(() => expect(bookVisit).toHaveBeenCalledTimes(1));
    expect(bookVisit.mock.calls[0]![0].payload).toEqual(
      expect.objectContaining({ start_ts: '2026-06-03T10:00:00', end_ts: '2026-06-03T18:00:00' }),
    );
  });

  test('a pass that starts later on a site that schedules nothing says when to come back', async () => {
    const later = { ...invitation, valid_from: '2026-06-03T09:00:00Z' };
    renderVisit({ loadInvitation: async () => later });

    expect(
      await screen.findByText(
        'Jane has invited you to park here from 03/06/2026 10:00 until 08/06/2026 10:00 (UK time). You can book from 03/06/2026 10:00: open this link again then.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book parking' })).not.toBeInTheDocument();
  });

  test('an automatic end of one hour is said in the singular', async () => {
    const oneHour = {
      ...invitation,
      site: { ...invitation.site, default_end_date_limit_hours: 1 },
    };
    renderVisit({ loadInvitation: async () => oneHour });
    await screen.findByRole('button', { name: 'Book parking' });

    expect(
      screen.getByText(
        'Parking ends 1 hour after it starts, and by 08/06/2026 10:00 at the latest.',
      ),
    ).toBeInTheDocument();
  });

  test('an automatic end leaves no end to choose, and none is sent', async () => {
    const automatic = {
      ...invitation,
      site: { ...invitation.site, default_end_date_limit_hours: 4 },
    };
    const bookVisit = jest.fn(async (_: BookVisitRequest) => queuedBooking);
    const { user } = renderVisit({ loadInvitation: async () => automatic, bookVisit });
    await screen.findByRole('button', { name: 'Book parking' });

    expect(
      screen.getByText(
        'Parking ends 4 hours after it starts, and by 08/06/2026 10:00 at the latest.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Expiry date' })).not.toBeInTheDocument();
    await user.type(field(/^Registration number/), 'AB12 CDE');
    await user.type(field(/^Make/), 'Ford');
    await user.type(field(/^Model/), 'Focus');
    await user.click(screen.getByRole('checkbox', { name: /^I have verified/ }));
    await user.click(bookButton());

    await waitFor(() => expect(bookVisit).toHaveBeenCalledTimes(1));
    expect(bookVisit.mock.calls[0]![0].payload).toEqual(
      expect.objectContaining({ end_ts: null, receipt_email: null, colour: '' }),
    );
  });
});

describe('the visitor’s page in the app', () => {
  test.each([
    ['nobody is signed in', { status: 'signed_out' } as const],
    [
      'a resident is signed in on the browser',
      { status: 'signed_in', profile: residentProfile } as const,
    ],
  ])('works without the navigation bar when %s', async (_, session) => {
    renderWithProviders(<AppRoutes />, {
      route: '/visit/pass-token-1',
      session,
      machines: { visitorBooking: bookingAgainst({}) },
      clock: () => juneNoon,
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book visitor parking' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('button', { name: 'Book parking' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Book visitor parking – Kerbside'));
  });
});
