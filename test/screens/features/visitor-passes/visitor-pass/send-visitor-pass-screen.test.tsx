import { act, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type {
  VisitorPass,
  VisitorPassCreated,
  VisitorPassCreatePayload,
} from '../../../../../contract/visitor-pass';
import { visitorPassMachine } from '../../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import {
  createdPass,
  withdrawnPass,
} from '../../../../../machines/visitor-passes/visitor-pass/visitor-pass-flow-samples';
import {
  juneNoon,
  plainSite,
} from '../../../../../machines/permits/permit-form/permit-form-samples';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { ApiError } from '../../../../../src/api/api-error';
import { SendVisitorPassScreen } from '../../../../../src/features/visitor-passes/visitor-pass/send-visitor-pass-screen';
import { dateTimeShown, typeDateTime } from '../../../../support/date-time-boxes';
import {
  expectErrorSummary,
  findErrorBanner,
  queryErrorBanners,
} from '../../../../support/error-summary';
import { axeViolations } from '../../../../support/jsdom-axe';
import { renderWithProviders, residentProfile } from '../../../../support/render';
import { requestKeyPattern } from '../../../../support/request-key';

function passAgainst(host: {
  createVisitorPass?: (payload: VisitorPassCreatePayload) => Promise<VisitorPassCreated>;
  withdrawVisitorPass?: (id: number) => Promise<VisitorPass>;
}) {
  return visitorPassMachine.provide({
    actors: {
      createVisitorPass: fromPromise(({ input }: { input: VisitorPassCreatePayload }) =>
        (host.createVisitorPass ?? (async () => createdPass))(input),
      ),
      withdrawVisitorPass: fromPromise(({ input }: { input: { id: number } }) =>
        (host.withdrawVisitorPass ?? (async () => withdrawnPass))(input.id),
      ),
    },
  });
}

function renderSend(
  host: Parameters<typeof passAgainst>[0] = {},
  siteSettings: SiteSettings = plainSite,
) {
  return renderWithProviders(
    <main>
      <SendVisitorPassScreen />
    </main>,
    {
      route: '/visitor-passes/new',
      session: { status: 'signed_in', profile: residentProfile },
      machines: { visitorPass: passAgainst(host) },
      clock: () => juneNoon,
      siteSettings,
    },
  );
}

const createButton = () => screen.getByRole('button', { name: 'Create link' });
const group = (name: string) => screen.getByRole('group', { name });
const uses = () => screen.getByRole('textbox', { name: /^Number of permits/ });

/** Restores what the test replaced on `navigator`. */
const navigatorBefore = { clipboard: navigator.clipboard, share: navigator.share };
afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', {
    value: navigatorBefore.clipboard,
    configurable: true,
  });
  Object.defineProperty(navigator, 'share', { value: navigatorBefore.share, configurable: true });
});

test('opens from now to a week ahead, for one permit, with an optional name and "Create link"', async () => {
  renderSend();

  expect(
    screen.getByRole('heading', { level: 1, name: 'Send a visitor pass' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Permits' })).toHaveAttribute(
    'href',
    '/my-permits',
  );
  expect(dateTimeShown(group('Valid from'))).toBe('2026-06-01T12:00');
  expect(dateTimeShown(group('Valid until'))).toBe('2026-06-08T12:00');
  expect(uses()).toHaveValue('1');
  expect(screen.getByRole('textbox', { name: /^Name \(optional\)/ })).not.toBeRequired();
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
    'For your own reference, such as Mum or Plumber',
  );
  expect(createButton()).toBeEnabled();
  expect(await axeViolations()).toEqual([]);
});

test('where bookings are labelled with the pass’s name, the name’s hint says the visitor sees it', async () => {
  renderSend({}, { ...plainSite, can_add_reference: true });

  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'For your own reference, such as Mum or Plumber. Your visitor sees it in their booking’s reference.',
    ),
  );
});

test('a pass longer than 31 days, or for more than 10 permits, is not made', async () => {
  const createVisitorPass = jest.fn();
  const { user } = renderSend({ createVisitorPass });

  await typeDateTime(user, group('Valid until'), '2026-07-03T12:00');
  await user.clear(uses());
  await user.type(uses(), '11');
  await user.click(createButton());

  await expectErrorSummary([
    'A visitor pass can last at most 31 days',
    'Enter a number of permits from 1 to 10',
  ]);
  expect(uses()).toHaveAccessibleDescription(
    'How many permits your visitor may book with it, from 1 to 10 Enter a number of permits from 1 to 10',
  );
  expect(createVisitorPass).not.toHaveBeenCalled();
});

test('"Create link" sends the pass, then shows its link to copy, share and scan', async () => {
  const createVisitorPass = jest.fn(async (_: VisitorPassCreatePayload) => createdPass);
  const share = jest.fn(async () => {});
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  const { user } = renderSend({ createVisitorPass });
  // After user-event's set-up, which puts a clipboard of its own on the navigator.
  const writeText = jest.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Mum');
  await user.clear(uses());
  await user.type(uses(), '2');
  await user.click(createButton());

  const link = await screen.findByRole('textbox', { name: 'Visitor pass link' });
  expect(createVisitorPass).toHaveBeenCalledWith({
    name: 'Mum',
    valid_from: '2026-06-01T12:00:00',
    valid_until: '2026-06-08T12:00:00',
    uses: 2,
    create_key: expect.stringMatching(requestKeyPattern),
  });
  expect(link).toHaveValue(`${window.location.origin}/visit/pass-token-1`);
  expect(link).toHaveAttribute('readonly');
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Your visitor pass is ready' })).toHaveFocus(),
  );
  expect(
    screen.getByRole('img', {
      name: 'QR code of the visitor pass link, to scan with a phone’s camera',
    }),
  ).toBeInTheDocument();
  expect(
    screen.getByText('It can book 2 permits, from 01/06/2026 12:00 to 08/06/2026 12:00 (UK time).'),
  ).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/visit/pass-token-1`);
  expect(await screen.findByText('The link is copied.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith(
    expect.objectContaining({ url: `${window.location.origin}/visit/pass-token-1` }),
  );
});

test('"Create link" pressed again after a lost answer sends the same key, and shows the link', async () => {
  const createVisitorPass = jest
    .fn<Promise<VisitorPassCreated>, [VisitorPassCreatePayload]>()
    .mockRejectedValueOnce(new ApiError('Network Error'))
    .mockResolvedValueOnce(createdPass);
  const { user } = renderSend({ createVisitorPass });
  await user.click(createButton());
  await findErrorBanner();

  await user.click(createButton());

  expect(await screen.findByRole('textbox', { name: 'Visitor pass link' })).toHaveValue(
    `${window.location.origin}/visit/pass-token-1`,
  );
  const [first, second] = createVisitorPass.mock.calls.map(([payload]) => payload.create_key);
  expect(first).toMatch(requestKeyPattern);
  expect(second).toBe(first);
});

test('a resident with the most passes ready is told so, keeps what they typed, and finds the list', async () => {
  const limitMessage =
    'You can have at most 50 visitor passes ready at once. Withdraw one to send another.';
  const createVisitorPass = jest.fn(async () => {
    throw new ApiError('Bad Request', { status: 400, body: { non_field_errors: [limitMessage] } });
  });
  const { user } = renderSend({ createVisitorPass });
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Mum');

  await user.click(createButton());

  expect(await findErrorBanner()).toHaveTextContent(limitMessage);
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Mum');
  expect(createButton()).toBeEnabled();
  // Where a pass to withdraw is found.
  expect(screen.getByRole('link', { name: 'Your visitor passes' })).toHaveAttribute(
    'href',
    '/visitor-passes',
  );
});

test('"Share" is offered only where the device has a share sheet', async () => {
  Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  const { user } = renderSend();

  await user.click(createButton());

  expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
});

test('without a clipboard the link is selected for the resident to copy', async () => {
  const { user } = renderSend();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });

  await user.click(createButton());
  await user.click(await screen.findByRole('button', { name: 'Copy link' }));

  expect(
    await screen.findByText('The link is selected: copy it from the field.'),
  ).toBeInTheDocument();
});

test('the host’s word on a field shows on it, announced once by the summary alone; the form keeps its values', async () => {
  const { user } = renderSend({
    createVisitorPass: async () =>
      Promise.reject(
        new ApiError('Bad Request', {
          status: 400,
          body: { uses: ['You may give at most 3.'] },
        }),
      ),
  });

  await user.clear(uses());
  await user.type(uses(), '5');
  await user.click(createButton());

  await expectErrorSummary(['You may give at most 3.']);
  expect(uses()).toHaveValue('5');
  expect(uses()).toHaveAccessibleDescription(expect.stringContaining('You may give at most 3.'));
  // GOV.UK's pattern: one alert, the summary, and no second one saying less.
  expect(queryErrorBanners()).toEqual([]);
});

test('"Withdraw" stops the link working', async () => {
  let answer!: (pass: VisitorPass) => void;
  const withdrawVisitorPass = jest.fn(
    () =>
      new Promise<VisitorPass>((resolve) => {
        answer = resolve;
      }),
  );
  const { user } = renderSend({ withdrawVisitorPass });
  await user.click(createButton());

  await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByRole('button', { name: 'Withdrawing...' })).toBeInTheDocument();
  await act(async () => answer(withdrawnPass));

  const said = await screen.findByText(
    'This visitor pass can no longer be used: its link no longer works.',
  );
  await waitFor(() => expect(said).toHaveFocus());
  expect(withdrawVisitorPass).toHaveBeenCalledWith(7);
  expect(screen.queryByRole('textbox', { name: 'Visitor pass link' })).not.toBeInTheDocument();
});
