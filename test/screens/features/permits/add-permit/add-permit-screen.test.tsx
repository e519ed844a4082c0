import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { fromPromise } from 'xstate';
import {
  addPermitMachine,
  type CreatePermitAnswer,
} from '../../../../../machines/permits/add-permit/add-permit-machine';
import type { Permit, PermitCreatePayload } from '../../../../../contract/permit';
import { findOverlappingPermit } from '../../../../../machines/permits/add-permit/overlapping-permit';
import { activePermit } from '../../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { ApiError } from '../../../../../src/api/api-error';
import { AddPermitScreen } from '../../../../../src/features/permits/add-permit/add-permit-screen';
import { siteSettingsMachine } from '../../../../../machines/site-settings-machine';
import { recentVehiclesMachine } from '../../../../../machines/permits/add-permit/recent-vehicles-machine';
import type { RecentVehicle } from '../../../../../machines/permits/add-permit/recent-vehicles';
import {
  fullSite,
  plainSite,
} from '../../../../../machines/permits/permit-form/permit-form-samples';
import { expectErrorSummary } from '../../../../support/error-summary';
import { pasteInto } from '../../../../support/paste-into';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';
import { dateTimeBox, dateTimeShown, typeDateTime } from '../../../../support/date-time-boxes';

/** 1 June 2026, 12:00:30 in London: half a minute past, so a start at 12:01 is too soon. */
const now = new Date('2026-06-01T11:00:30Z');
const clock = () => now;

const automaticEndSite: SiteSettings = { ...plainSite, default_end_date_limit_hours: 24 };

type CreatePermit = (payload: PermitCreatePayload) => Promise<CreatePermitAnswer>;

/**
 * The real add-permit machine, with a fake API host behind it: `createPermit` answers the create
 * call, and `residentsPermits` are the permits the host lists after an overlap refusal.
 */
function addPermitAgainst(
  createPermit: CreatePermit = async () => ({ status: 201 }),
  residentsPermits: Permit[] = [],
) {
  return addPermitMachine.provide({
    actors: {
      createPermit: fromPromise(({ input }: { input: PermitCreatePayload }) => createPermit(input)),
      findOverlappingPermit: fromPromise(async ({ input }: { input: PermitCreatePayload }) =>
        findOverlappingPermit(residentsPermits, input),
      ),
    },
  });
}

function MyPermitsProbe() {
  const location = useLocation();
  const state = location.state as { refresh?: boolean } | null;
  return <h1>{state?.refresh ? 'My Permits, refresh requested' : 'My Permits'}</h1>;
}

/**
 * The Add Permit screen, the site settings answered by `site` (a failure as an Error), or by each
 * of `site`'s answers in turn where it is a list (the settings asked for again once back online).
 */
function renderScreen(
  site: SiteSettings | Error | Array<SiteSettings | Error>,
  createPermit?: CreatePermit,
  residentsPermits?: Permit[],
) {
  const answers = Array.isArray(site) ? [...site] : [site];
  const answer = async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  };
  return renderWithProviders(
    <Routes>
      <Route path="/add-permit" element={<AddPermitScreen />} />
      <Route path="/my-permits" element={<MyPermitsProbe />} />
    </Routes>,
    {
      route: '/add-permit',
      session: { status: 'signed_in', profile: residentProfile },
      machines: {
        addPermit: addPermitAgainst(createPermit, residentsPermits),
        siteSettings: siteSettingsMachine.provide({
          actors: { loadSiteSettings: fromPromise(answer) },
        }),
      },
      clock,
      // Mounts the settings' provider, whose machine is the one above.
      siteSettings: fullSite,
    },
  );
}

const textField = (name: string | RegExp) => screen.getByRole('textbox', { name });
/** A date input: the fieldset named by its legend (src/ui/date-time-input.tsx). */
const dateField = (name: RegExp) => screen.getByRole('group', { name });
const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Create Permit' });
const acknowledgement = /I have verified/;

/**
 * Fills every field a plain site asks for, acknowledgement included, as a resident pasting or
 * autofilling each field would: each field's text in one input event, where typing it sends one
 * per letter and the whole form renders again at each (the typing itself is the subject of the
 * registration tests below).
 */
async function fillPlainForm(user: UserEvent) {
  await pasteInto(user, textField(/^Registration number/), 'ab12 cde');
  await pasteInto(user, textField(/^Make/), 'Ford');
  await pasteInto(user, textField(/^Model/), 'Focus');
  await pasteInto(user, textField('Colour (optional)'), 'Blue');
  await pasteInto(user, textField('Driver first name (optional)'), 'Sam');
  await pasteInto(user, textField('Driver last name (optional)'), 'Jones');
  await typeDateTime(user, dateField(/^Expiry date/), '2026-06-02T18:00');
  await user.click(checkbox(acknowledgement));
}

/** Fills a labelled permit, indefinite, scheduled for 3 June 09:00, and presses Create Permit. */
async function sendScheduledLabelledPermit(user: UserEvent) {
  await user.type(textField(/^Reference label/), 'Plumber');
  await fillPlainForm(user);
  await user.click(checkbox('Set as Indefinite'));
  await user.click(checkbox('Schedule permit for future activation'));
  await typeDateTime(user, dateField(/^Scheduled start date/), '2026-06-03T09:00');
  await user.click(submitButton());
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

test('shows a spinner until the site settings load, with the heading and the way back', async () => {
  const settings = deferred<SiteSettings>();
  renderWithProviders(<AddPermitScreen />, {
    route: '/add-permit',
    session: { status: 'signed_in', profile: residentProfile },
    machines: { addPermit: addPermitAgainst() },
    clock,
    siteSettings: settings.promise,
  });

  expect(screen.getByRole('heading', { name: 'Add New Permit' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Permits' })).toHaveAttribute(
    'href',
    '/my-permits',
  );
  expect(screen.getByRole('status', { name: 'Loading site settings' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create Permit' })).not.toBeInTheDocument();

  await act(async () => settings.resolve(plainSite));

  expect(await screen.findByRole('button', { name: 'Create Permit' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading site settings' })).not.toBeInTheDocument();
});

describe('site settings decide the fields', () => {
  test('a plain site: the spec’s fields in order, no reference label, no scheduling', async () => {
    renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    const inOrder = [
      textField(/^Registration number/),
      textField(/^Make/),
      textField(/^Model/),
      textField('Colour (optional)'),
      textField('Driver first name (optional)'),
      textField('Driver last name (optional)'),
      dateField(/^Expiry date/),
      checkbox('Set as Indefinite'),
      checkbox(acknowledgement),
    ];
    inOrder.slice(1).forEach((field, index) => {
      expect(inOrder[index]!.compareDocumentPosition(field)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    });
    // The earliest expiry the rules accept is now plus a minute, rounded up to the minute.
    expect(dateField(/^Expiry date/)).toHaveAccessibleDescription(
      'The earliest is Monday 1 June 2026, 12:02 UK time (BST). Use the 24-hour clock.',
    );
    expect(screen.queryByRole('textbox', { name: /Reference label/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Schedule permit for future activation' }),
    ).not.toBeInTheDocument();
  });

  test('a site with reference labels and scheduling shows both, the label with its hint', async () => {
    const { user } = renderScreen(fullSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    expect(textField(/^Reference label/)).toHaveAccessibleDescription(
      'Enter a unique reference label for this permit',
    );
    expect(textField(/^Reference label/).compareDocumentPosition(textField(/^Registration/))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.queryByLabelText(/^Scheduled start date/)).not.toBeInTheDocument();

    await user.click(checkbox('Schedule permit for future activation'));

    const start = dateField(/^Scheduled start date/);
    // The start is asked before the expiry, which is read against it.
    expect(start.compareDocumentPosition(dateField(/^Expiry date/))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(start).toHaveAccessibleDescription(
      'The earliest is Monday 1 June 2026, 12:02 UK time (BST). Use the 24-hour clock.',
    );
    await typeDateTime(user, start, '2026-06-03T09:00');
    expect(dateField(/^Expiry date/)).toHaveAccessibleDescription(
      'The earliest is Wednesday 3 June 2026, 09:00 UK time (BST). Use the 24-hour clock.',
    );
  });

  test('an expiry not after the scheduled start is refused before anything is sent', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>();
    const { user } = renderScreen({ ...plainSite, can_schedule_permits: true }, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });
    await user.type(textField(/^Registration number/), 'AB12CDE');
    await user.type(textField(/^Make/), 'Ford');
    await user.type(textField(/^Model/), 'Ka');
    await user.click(checkbox(acknowledgement));
    await user.click(checkbox('Schedule permit for future activation'));
    await typeDateTime(user, dateField(/^Scheduled start date/), '2026-06-03T09:00');
    await typeDateTime(user, dateField(/^Expiry date/), '2026-06-03T08:00');
    await user.click(submitButton());

    await expectErrorSummary(['Expiry date must be after the scheduled start date']);
    expect(
      within(dateField(/^Expiry date/)).getByText(
        exactly('Expiry date must be after the scheduled start date'),
      ),
    ).toBeInTheDocument();
    expect(createPermit).not.toHaveBeenCalled();
  });

  test('says each chosen date in words, in London time, with GMT or BST for that date', async () => {
    const { user } = renderScreen(fullSite);
    await screen.findByRole('button', { name: 'Create Permit' });
    await user.click(checkbox('Schedule permit for future activation'));

    await typeDateTime(user, dateField(/^Scheduled start date/), '2026-06-03T09:05');
    await typeDateTime(user, dateField(/^Expiry date/), '2026-12-24T18:30');

    expect(dateField(/^Scheduled start date/)).toHaveAccessibleDescription(
      'Wednesday 3 June 2026, 09:05 UK time (BST).',
    );
    expect(dateField(/^Expiry date/)).toHaveAccessibleDescription(
      'Thursday 24 December 2026, 18:30 UK time (GMT).',
    );
  });

  test('un-ticking the schedule box clears the start', async () => {
    const { user } = renderScreen(fullSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await user.click(checkbox('Schedule permit for future activation'));
    await typeDateTime(user, dateField(/^Scheduled start date/), '2026-06-03T09:00');
    await user.click(checkbox('Schedule permit for future activation'));
    await user.click(checkbox('Schedule permit for future activation'));

    expect(dateTimeShown(dateField(/^Scheduled start date/))).toBe('');
  });

  test('ticking "Set as Indefinite" clears the expiry date', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await typeDateTime(user, dateField(/^Expiry date/), '2026-06-02T18:00');
    await user.click(checkbox('Set as Indefinite'));

    expect(dateTimeShown(dateField(/^Expiry date/))).toBe('');
  });

  test('an automatic end of 24 hours hides the expiry and "Set as Indefinite"', async () => {
    renderScreen(automaticEndSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    expect(screen.queryByLabelText(/^Expiry date/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Set as Indefinite' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Permits on this site end 24 hours after they start.'),
    ).toBeInTheDocument();
  });

  test('an automatic end of 1 hour is said in the singular', async () => {
    renderScreen({ ...plainSite, default_end_date_limit_hours: 1 });
    await screen.findByRole('button', { name: 'Create Permit' });

    expect(
      screen.getByText('Permits on this site end 1 hour after they start.'),
    ).toBeInTheDocument();
  });

  test('settings asked for again once back online are those the permit is sent with', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({
      status: 202,
    }));
    const { user } = renderScreen([new ApiError('Network Error'), fullSite], createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });
    expect(
      screen.queryByRole('checkbox', { name: 'Schedule permit for future activation' }),
    ).not.toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('online')));
    await screen.findByRole('checkbox', { name: 'Schedule permit for future activation' });
    await sendScheduledLabelledPermit(user);

    expect(await screen.findByRole('heading', { name: /My Permits/ })).toBeInTheDocument();
    expect(createPermit).toHaveBeenCalledWith(
      expect.objectContaining({
        reference_label: 'Plumber',
        start_ts: '2026-06-03T09:00:00',
        end_ts: null,
      }),
    );
  });

  test('when the site settings cannot be fetched the form goes on without extras', async () => {
    renderScreen(new ApiError('Internal Server Error', { status: 500 }));
    await screen.findByRole('button', { name: 'Create Permit' });

    expect(screen.queryByRole('textbox', { name: /Reference label/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Schedule permit for future activation' }),
    ).not.toBeInTheDocument();
    expect(dateField(/^Expiry date/)).toBeInTheDocument();
  });
});

describe('docs/contract.md §5: each validation message', () => {
  test.each([
    [/^Reference label/, 'Reference label is required'],
    [/^Registration number/, 'Registration number is required'],
    [/^Make/, 'Make is required'],
    [/^Model/, 'Model is required'],
  ])(
    '%s: tabbing past it or emptying it marks nothing; the held-back button says why',
    async (name, message) => {
      const { user } = renderScreen(fullSite);
      await screen.findByRole('button', { name: 'Create Permit' });

      await user.click(textField(name));
      await user.tab();
      expect(textField(name)).not.toHaveAttribute('aria-invalid', 'true');

      await user.type(textField(name), 'X');
      expect(submitButton()).not.toHaveAccessibleDescription(expect.stringContaining(message));
      await user.clear(textField(name));
      await user.tab();

      // GOV.UK validates on submit: nothing appears on the field to move the controls below it.
      expect(textField(name)).not.toHaveAttribute('aria-invalid', 'true');
      expect(textField(name)).not.toHaveAccessibleDescription(expect.stringContaining(message));
      // The button the spec holds back while a required field is empty says why, under it.
      expect(submitButton()).toBeDisabled();
      expect(submitButton()).toHaveAccessibleDescription(expect.stringContaining(message));
    },
  );

  test('a missing required field keeps "Create Permit" disabled', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });
    expect(submitButton()).toBeDisabled();

    await fillPlainForm(user);
    expect(submitButton()).toBeEnabled();

    await user.clear(textField(/^Model/));
    expect(submitButton()).toBeDisabled();
  });

  const acknowledgementMessage =
    'Please tick the acknowledgement checkbox at the bottom of the page that you have verified your details before creating the permit.';

  test('the acknowledgement left unticked: its message in the summary, linked to the box, nothing sent', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillPlainForm(user);
    await user.click(checkbox(acknowledgement));
    await user.click(submitButton());

    const summary = await expectErrorSummary([acknowledgementMessage]);
    expect(checkbox(acknowledgement)).toHaveAccessibleDescription(acknowledgementMessage);
    await user.click(within(summary).getByRole('link', { name: acknowledgementMessage }));
    expect(checkbox(acknowledgement)).toHaveFocus();
    expect(createPermit).not.toHaveBeenCalled();
  });

  test('an expiry in the past: "Expiry date must be in the future", linked from the summary', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillPlainForm(user);
    await typeDateTime(user, dateField(/^Expiry date/), '2026-06-01T11:00');
    await user.click(submitButton());

    const summary = await expectErrorSummary(['Expiry date must be in the future']);
    await user.click(
      within(summary).getByRole('link', { name: 'Expiry date must be in the future' }),
    );
    expect(dateTimeBox(dateField(/^Expiry date/), 'day')).toHaveFocus();
    expect(createPermit).not.toHaveBeenCalled();
  });

  test('an expiry emptied after choosing one: the held-back button says it is required', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await typeDateTime(user, dateField(/^Expiry date/), '2026-06-02T12:00');
    expect(submitButton()).not.toHaveAccessibleDescription(
      expect.stringContaining('Expiry date is required'),
    );
    await typeDateTime(user, dateField(/^Expiry date/), '');

    expect(submitButton()).toHaveAccessibleDescription(
      expect.stringContaining('Expiry date is required'),
    );
    expect(dateField(/^Expiry date/)).not.toHaveAccessibleDescription(
      expect.stringContaining('Expiry date is required'),
    );
  });

  test('a past expiry left by Tab says nothing until Create Permit is pressed', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillPlainForm(user);
    await typeDateTime(user, dateField(/^Expiry date/), '2026-05-31T12:00');
    expect(screen.queryByText('Expiry date must be in the future')).not.toBeInTheDocument();

    await user.click(submitButton());
    await expectErrorSummary(['Expiry date must be in the future']);
    expect(createPermit).not.toHaveBeenCalled();
  });

  test.each([
    ['2026-06-01T12:00', 'Scheduled start date must be in the future'],
    ['2026-06-01T12:01', 'Scheduled start date must be at least 1 minute in the future'],
  ])('a scheduled start of %s', async (start, message) => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>();
    const { user } = renderScreen({ ...plainSite, can_schedule_permits: true }, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillPlainForm(user);
    await user.click(checkbox('Schedule permit for future activation'));
    await typeDateTime(user, dateField(/^Scheduled start date/), start);
    await user.click(submitButton());

    const summary = await expectErrorSummary([message]);
    await user.click(within(summary).getByRole('link', { name: message }));
    expect(dateTimeBox(dateField(/^Scheduled start date/), 'day')).toHaveFocus();
    expect(createPermit).not.toHaveBeenCalled();
  });
});

describe('the payload sent (docs/contract.md §3 and §5)', () => {
  test('a plain site: upper-cased VRM, start now in London, the chosen end, no reference', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({
      status: 201,
    }));
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillPlainForm(user);
    expect(textField(/^Registration number/)).toHaveValue('AB12 CDE');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: /My Permits/ })).toBeInTheDocument();
    expect(createPermit).toHaveBeenCalledWith({
      vrm: 'AB12CDE',
      make: 'Ford',
      model: 'Focus',
      colour: 'Blue',
      driver_first: 'Sam',
      driver_last: 'Jones',
      start_ts: '2026-06-01T12:00:30',
      end_ts: '2026-06-02T18:00:00',
    });
  });

  test('reference label, scheduled start and indefinite end', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({
      status: 202,
    }));
    const { user } = renderScreen(fullSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await sendScheduledLabelledPermit(user);

    expect(await screen.findByRole('heading', { name: /My Permits/ })).toBeInTheDocument();
    expect(createPermit).toHaveBeenCalledWith(
      expect.objectContaining({
        reference_label: 'Plumber',
        vrm: 'AB12CDE',
        start_ts: '2026-06-03T09:00:00',
        end_ts: null,
      }),
    );
  });

  test('an automatic end sends no end', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({
      status: 201,
    }));
    const { user } = renderScreen(automaticEndSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await user.type(textField(/^Registration number/), 'ab12cde');
    await user.type(textField(/^Make/), 'Ford');
    await user.type(textField(/^Model/), 'Focus');
    await user.click(checkbox(acknowledgement));
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: /My Permits/ })).toBeInTheDocument();
    const payload = createPermit.mock.calls[0]![0];
    expect(payload.end_ts).toBeNull();
    expect(payload).not.toHaveProperty('reference_label');
  });
});

test('success goes to /my-permits with a refresh request; a double click sends one request', async () => {
  const answer = deferred<CreatePermitAnswer>();
  const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(
    () => answer.promise,
  );
  const { user } = renderScreen(plainSite, createPermit);
  await screen.findByRole('button', { name: 'Create Permit' });

  await fillPlainForm(user);
  await user.dblClick(submitButton());

  expect(await screen.findByRole('button', { name: 'Creating Permit...' })).toBeDisabled();
  await act(async () => answer.resolve({ status: 201 }));

  expect(
    await screen.findByRole('heading', { name: 'My Permits, refresh requested' }),
  ).toBeInTheDocument();
  expect(createPermit).toHaveBeenCalledTimes(1);
});

/** The API's answer when the vehicle already has a permit for that time. */
const overlapRefusal = () =>
  new ApiError('Bad Request', {
    status: 400,
    body: { non_field_errors: ['A permit for this VRM and time already exists'] },
  });

/** The error summary an overlap refusal shows, found once it is shown. */
async function overlapAlert(): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(exactly('Creation Failed'))).toBeInTheDocument();
  expect(
    within(alert).getByText(
      exactly('Overlapping permit detected — adjust or cancel the other permit first.'),
    ),
  ).toBeInTheDocument();
  return alert;
}

test('a failure shows "Creation Failed" with the mapped message and keeps every value', async () => {
  const createPermit = jest
    .fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>()
    .mockRejectedValueOnce(overlapRefusal())
    .mockResolvedValueOnce({ status: 201 });
  const { user } = renderScreen(plainSite, createPermit);
  await screen.findByRole('button', { name: 'Create Permit' });

  await fillPlainForm(user);
  await user.click(submitButton());

  await overlapAlert();
  expect(textField(/^Registration number/)).toHaveValue('AB12 CDE');
  expect(textField(/^Make/)).toHaveValue('Ford');
  expect(textField(/^Model/)).toHaveValue('Focus');
  expect(textField('Colour (optional)')).toHaveValue('Blue');
  expect(textField('Driver first name (optional)')).toHaveValue('Sam');
  expect(textField('Driver last name (optional)')).toHaveValue('Jones');
  expect(dateTimeShown(dateField(/^Expiry date/))).toBe('2026-06-02T18:00');
  expect(checkbox(acknowledgement)).toBeChecked();

  await user.click(submitButton());

  expect(
    await screen.findByRole('heading', { name: 'My Permits, refresh requested' }),
  ).toBeInTheDocument();
  expect(createPermit).toHaveBeenCalledTimes(2);
});

describe('an overlap refusal says which permit is in the way', () => {
  const refusedAsOverlapping = () =>
    jest
      .fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>()
      .mockRejectedValue(overlapRefusal());

  it.each([
    [
      'the resident’s own permit, by reference and times',
      [
        { ...activePermit, vrm: 'AB12CDE', status: 'CANCELLED' as const },
        {
          ...activePermit,
          id: 43,
          vrm: 'AB12CDE',
          reference_no: 'KB-0043',
          start_ts: '2026-06-02T09:00:00.000Z',
          end_ts: '2026-06-03T09:00:00.000Z',
        },
      ],
      'It overlaps your permit for AB12CDE (reference KB-0043), 02/06/2026 10:00 to 03/06/2026 10:00.',
    ],
    [
      'someone else’s permit when none of the resident’s is in the way',
      [{ ...activePermit, vrm: 'CD34EFG' }],
      'This vehicle already has a permit at this address for that time.',
    ],
  ])('%s', async (_, residentsPermits, detail) => {
    const { user } = renderScreen(plainSite, refusedAsOverlapping(), residentsPermits);
    await screen.findByRole('button', { name: 'Create Permit' });
    await fillPlainForm(user);
    await user.click(submitButton());

    const alert = await overlapAlert();
    expect(within(alert).getByText(exactly(detail))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create Permit' })).toBeEnabled();
    expect(textField(/^Registration number/)).toHaveValue('AB12 CDE');
  });
});

describe('the registration', () => {
  const registration = () => textField(/^Registration number/);
  const created = () =>
    jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({ status: 201 }));

  /** Fills a plain form with `vrm` as the registration, pasted as the resident had it. */
  async function fillWith(user: UserEvent, vrm: string) {
    await fillPlainForm(user);
    await user.clear(registration());
    await user.type(registration(), vrm);
  }

  test('upper case as typed, the standard spacing on leaving, a hint, no spell check', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await user.type(registration(), 'kx-19.abc');
    expect(registration()).toHaveValue('KX-19.ABC');
    await user.tab();
    expect(registration()).toHaveValue('KX19 ABC');
    expect(registration()).toHaveAttribute('autocapitalize', 'characters');
    expect(registration()).toHaveAttribute('spellcheck', 'false');
    expect(registration()).toHaveAttribute('autocomplete', 'off');
    expect(registration()).toHaveAccessibleDescription('For example, AB12 CDE');
    expect(
      screen.queryByRole('checkbox', { name: 'This registration is correct' }),
    ).not.toBeInTheDocument();
  });

  test('a slip: "Did you mean AB12 COE?", and "Use AB12 COE" puts it in the field', async () => {
    const createPermit = created();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillWith(user, 'ab12 c0e');
    expect(screen.getByRole('group', { name: 'Did you mean AB12 COE?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use AB12 COE' }));

    expect(registration()).toHaveValue('AB12 COE');
    expect(screen.queryByRole('group', { name: 'Did you mean AB12 COE?' })).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(createPermit).toHaveBeenCalledWith(expect.objectContaining({ vrm: 'AB12COE' }));
  });

  test('what appears under the registration as it is typed is said by a status region there before it', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });
    // The regions in the page, and what each said, before anything was typed.
    const regions = screen.getAllByRole('status');
    const saidBefore = regions.map((region) => region.textContent);

    await fillWith(user, 'ab12 c0e');
    const region = screen
      .getAllByRole('status')
      .find((candidate) => candidate.textContent === 'Did you mean AB12 COE?');
    // The same region, there and empty before: a region added with its words is not announced.
    expect(region).toBeDefined();
    expect(saidBefore[regions.indexOf(region!)]).toBe('');
    // The words shown are read from the region alone.
    expect(screen.getByText('Did you mean AB12 COE?', { selector: 'p' })).toHaveAttribute(
      'aria-hidden',
      'true',
    );

    await user.clear(registration());
    await user.type(registration(), 'cd 123 456');
    const unrecognised = 'This is not a standard UK registration. Check it against the vehicle.';
    expect(region).toHaveTextContent(exactly(unrecognised));
    expect(screen.getByText(unrecognised, { selector: 'p' })).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });

  test('"Use AB12 COE" pressed from the keyboard hands the focus back to the field it filled', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillWith(user, 'ab12 c0e');
    screen.getByRole('button', { name: 'Use AB12 COE' }).focus();
    await user.keyboard('{Enter}');

    expect(registration()).toHaveValue('AB12 COE');
    expect(registration()).toHaveFocus();
  });

  test('a slip kept as typed is created only once "This registration is correct" is ticked', async () => {
    const createPermit = created();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillWith(user, 'RNO4 BJE');
    await user.click(submitButton());
    await expectErrorSummary([
      'Check the registration against the vehicle, then tick “This registration is correct”.',
    ]);
    expect(registration()).toHaveAccessibleDescription(
      expect.stringContaining(
        'Check the registration against the vehicle, then tick “This registration is correct”.',
      ),
    );
    expect(registration()).toBeInvalid();
    expect(createPermit).not.toHaveBeenCalled();

    await user.click(checkbox('This registration is correct'));
    await user.click(submitButton());
    expect(createPermit).toHaveBeenCalledWith(expect.objectContaining({ vrm: 'RNO4BJE' }));
  });

  test('an unrecognised format: the warning, the box, the field in error, nothing lost', async () => {
    const createPermit = created();
    const { user } = renderScreen(plainSite, createPermit);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillWith(user, 'cd 123 456');
    expect(
      screen.getByText('This is not a standard UK registration. Check it against the vehicle.', {
        selector: 'p',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Did you mean/ })).not.toBeInTheDocument();
    await user.click(submitButton());
    const vrmMessage =
      'Check the registration against the vehicle, then tick “This registration is correct”.';
    const summary = await expectErrorSummary([vrmMessage]);
    expect(registration()).toBeInvalid();
    await user.click(within(summary).getByRole('link', { name: vrmMessage }));
    expect(registration()).toHaveFocus();
    expect(registration()).toHaveValue('CD123456');
    expect(createPermit).not.toHaveBeenCalled();

    await user.click(checkbox('This registration is correct'));
    await user.click(submitButton());
    expect(createPermit).toHaveBeenCalledWith(expect.objectContaining({ vrm: 'CD123456' }));
  });

  test('changing the registration takes back the tick', async () => {
    const { user } = renderScreen(plainSite);
    await screen.findByRole('button', { name: 'Create Permit' });

    await fillWith(user, 'CD123456');
    await user.click(checkbox('This registration is correct'));
    await user.type(registration(), '7');
    expect(checkbox('This registration is correct')).not.toBeChecked();
  });
});

describe('recent vehicles', () => {
  const yaris: RecentVehicle = {
    vrm: 'YR21FEW',
    make: 'Toyota',
    model: 'Yaris',
    colour: 'Silver',
    driver_first: 'Ann',
    driver_last: 'Lee',
  };
  const focus: RecentVehicle = { ...yaris, vrm: 'AB12CDE', make: 'Ford', model: 'Focus' };

  function renderWithRecent(vehicles: RecentVehicle[], createPermit?: CreatePermit) {
    return renderWithProviders(<AddPermitScreen />, {
      route: '/add-permit',
      session: { status: 'signed_in', profile: residentProfile },
      machines: {
        addPermit: addPermitAgainst(createPermit),
        recentVehicles: recentVehiclesMachine.provide({
          actors: { loadRecentVehicles: fromPromise(async () => vehicles) },
        }),
      },
      clock,
      siteSettings: plainSite,
    });
  }

  test('one button per vehicle, newest first; a tap fills the vehicle and driver, not the dates', async () => {
    const { user } = renderWithRecent([yaris, focus]);
    const group = await screen.findByRole('group', { name: 'Recent vehicles' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['YR21 FEW · Toyota Yaris', 'AB12 CDE · Ford Focus']);

    await user.click(screen.getByRole('button', { name: 'YR21 FEW · Toyota Yaris' }));
    expect(textField(/^Registration number/)).toHaveValue('YR21 FEW');
    expect(textField(/^Make/)).toHaveValue('Toyota');
    expect(textField(/^Model/)).toHaveValue('Yaris');
    expect(textField('Colour (optional)')).toHaveValue('Silver');
    expect(textField('Driver first name (optional)')).toHaveValue('Ann');
    expect(textField('Driver last name (optional)')).toHaveValue('Lee');
    expect(dateTimeShown(dateField(/^Expiry date/))).toBe('');
  });

  test('a registration one edit from a recent vehicle: "Did you mean YR21 FEW?", a hint only', async () => {
    const createPermit = jest.fn<Promise<CreatePermitAnswer>, [PermitCreatePayload]>(async () => ({
      status: 201,
    }));
    const { user } = renderWithRecent([yaris], createPermit);
    await screen.findByRole('group', { name: 'Recent vehicles' });

    await fillPlainForm(user);
    await user.clear(textField(/^Registration number/));
    await user.type(textField(/^Registration number/), 'YR12 FEW');
    expect(screen.getByRole('group', { name: 'Did you mean YR21 FEW?' })).toBeVisible();
    expect(
      screen.queryByRole('checkbox', { name: 'This registration is correct' }),
    ).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(createPermit).toHaveBeenCalledWith(expect.objectContaining({ vrm: 'YR12FEW' }));
  });

  test('"Use YR21 FEW" puts the recent vehicle’s registration in the field', async () => {
    const { user } = renderWithRecent([yaris]);
    await screen.findByRole('group', { name: 'Recent vehicles' });
    await user.type(textField(/^Registration number/), 'YR21 FEV');
    await user.click(screen.getByRole('button', { name: 'Use YR21 FEW' }));
    expect(textField(/^Registration number/)).toHaveValue('YR21 FEW');
    expect(screen.queryByRole('group', { name: /^Did you mean/ })).not.toBeInTheDocument();
  });
});
