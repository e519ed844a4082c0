import { act, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { SiteSettings } from '../../../../../contract/site-settings';
import type { VisitorPass } from '../../../../../contract/visitor-pass';
import { hiddenPermitsMachine } from '../../../../../machines/permits/my-permits/hidden-permits-machine';
import { listedPermit } from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import { visitorPassListMachine } from '../../../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { readyPass } from '../../../../../machines/visitor-passes/visitor-pass/visitor-pass-flow-samples';
import { ApiError } from '../../../../../src/api/api-error';
import { activateLanguage } from '../../../../../src/i18n/activate-language';
import { inWelsh } from '../../../../support/in-welsh';
import { emulateViewportWidth } from '../../../../support/media-preferences';
import { axeViolations } from '../../../../support/jsdom-axe';
import { permitListAnswering, renderMyPermitsScreen } from '../../../../support/my-permits-screen';

const now = new Date('2026-06-01T11:00:30Z');

const site: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

/** Two permits today; the first (id 41) was booked through "Mum"'s pass. */
const permits = [
  listedPermit({ id: 41, vrm: 'AB12CDE' }),
  listedPermit({ id: 42, vrm: 'CD34EFG' }),
];

/** My Permits, on a host whose GET /api/v1/visitor-passes/ answers as `listVisitorPasses` does. */
function renderMyPermits(listVisitorPasses: () => Promise<VisitorPass[]>) {
  return renderMyPermitsScreen({
    now,
    site,
    machines: {
      permitList: permitListAnswering(() => ({ results: permits, count: permits.length })),
      hiddenPermits: hiddenPermitsMachine.provide({
        actors: { countPermits: fromPromise(async () => 0) },
      }),
      visitorPassList: visitorPassListMachine.provide({
        actors: {
          listVisitorPasses: fromPromise(async () => ({ results: await listVisitorPasses() })),
        },
      }),
    },
  });
}

afterEach(() => emulateViewportWidth(null));

test('offers "Send a visitor pass" and "Visitor passes", and marks a permit booked through a pass', async () => {
  renderMyPermits(async () => [{ ...readyPass, permit_ids: [41] }]);

  expect(await screen.findByRole('link', { name: 'Send a visitor pass' })).toHaveAttribute(
    'href',
    '/visitor-passes/new',
  );
  expect(screen.getByRole('link', { name: 'Visitor passes' })).toHaveAttribute(
    'href',
    '/visitor-passes',
  );
  const table = await screen.findByRole('table', { name: 'Permits' });
  const [, booked, own] = within(table).getAllByRole('row');
  expect(within(booked!).getAllByRole('cell')[0]).toHaveTextContent('AB12CDEVisitor pass: Mum');
  expect(within(own!).getAllByRole('cell')[0]).toHaveTextContent(/^CD34EFG$/);
  expect(await axeViolations()).toEqual([]);
});

test('on a phone the card of a permit booked through a pass is marked too', async () => {
  emulateViewportWidth(375);
  renderMyPermits(async () => [{ ...readyPass, permit_ids: [41] }]);

  const cards = await screen.findByRole('list', { name: 'Permits' });
  expect(within(cards).getByText('Visitor pass: Mum')).toBeInTheDocument();
});

test('a permit booked through a pass given no name is marked "Visitor pass" alone, in the reader’s language', async () => {
  renderMyPermits(async () => [{ ...readyPass, name: '', permit_ids: [41] }]);
  const table = await screen.findByRole('table', { name: 'Permits' });
  const booked = () => within(table).getAllByRole('row')[1]!;
  await waitFor(() =>
    expect(within(booked()).getAllByRole('cell')[0]).toHaveTextContent(/^AB12CDEVisitor pass$/),
  );

  await act(() => activateLanguage('cy'));
  try {
    expect(within(booked()).getAllByRole('cell')[0]).toHaveTextContent(
      new RegExp(`^AB12CDE${inWelsh('Visitor pass')}$`),
    );
  } finally {
    await act(() => activateLanguage('en'));
  }
});

test.each([
  ['a host without visitor passes (404)', new ApiError('Not Found', { status: 404 })],
  ['a list that could not be read', new ApiError('Network Error')],
])('%s: nothing about visitor passes is shown', async (_, failure) => {
  renderMyPermits(async () => Promise.reject(failure));

  expect(await screen.findByRole('table', { name: 'Permits' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Send a visitor pass' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Visitor passes' })).not.toBeInTheDocument();
  expect(screen.queryByText(/^Visitor pass:/)).not.toBeInTheDocument();
  // Nor is the place kept for them while the host was asked.
  expect(screen.queryByText('Send a visitor pass')).not.toBeInTheDocument();
});

test('while the host is asked, the links keep their place unseen, so that nothing moves when they come', async () => {
  let answer: (passes: VisitorPass[]) => void = () => {};
  renderMyPermits(() => new Promise((resolve) => (answer = resolve)));

  expect(await screen.findByRole('table', { name: 'Permits' })).toBeInTheDocument();
  // In the page, holding its height, but neither seen nor reachable.
  expect(screen.getByText('Send a visitor pass')).not.toBeVisible();
  expect(screen.queryByRole('link', { name: 'Send a visitor pass' })).not.toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);

  answer([readyPass]);
  expect(await screen.findByRole('link', { name: 'Send a visitor pass' })).toBeVisible();
});

test('a list that could not be read offline is read again when the browser is back online', async () => {
  const answers = [
    () => Promise.reject(new ApiError('Network Error')),
    async () => [{ ...readyPass, permit_ids: [41] }],
  ];
  renderMyPermits(() => answers.shift()!());
  expect(await screen.findByRole('table', { name: 'Permits' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Send a visitor pass' })).not.toBeInTheDocument();

  act(() => void window.dispatchEvent(new Event('online')));

  expect(await screen.findByRole('link', { name: 'Send a visitor pass' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Visitor passes' })).toBeVisible();
  expect(await screen.findByText('Visitor pass: Mum')).toBeInTheDocument();
});
