import { act, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { VisitorPass, VisitorPassList } from '../../../../../contract/visitor-pass';
import { visitorPassListMachine } from '../../../../../machines/visitor-passes/visitor-pass-list/visitor-pass-list-machine';
import { visitorPassMachine } from '../../../../../machines/visitor-passes/visitor-pass/visitor-pass-machine';
import {
  expiredPass,
  readyPass,
  usedPass,
  withdrawnPass,
} from '../../../../../machines/visitor-passes/visitor-pass/visitor-pass-flow-samples';
import { ApiError } from '../../../../../src/api/api-error';
import { VisitorPassesScreen } from '../../../../../src/features/visitor-passes/visitor-pass-list/visitor-passes-screen';
import { axeViolations } from '../../../../support/jsdom-axe';
import { renderWithProviders, residentProfile } from '../../../../support/render';

/** One of each state, newest first, as the host lists them. */
const listed: VisitorPass[] = [
  readyPass,
  { ...usedPass, id: 6, name: 'Plumber' },
  { ...expiredPass, id: 5, name: '' },
  { ...withdrawnPass, id: 4, name: 'Gran' },
];

function renderList(
  listVisitorPasses: () => Promise<VisitorPassList>,
  withdrawVisitorPass: (id: number) => Promise<VisitorPass> = async () => withdrawnPass,
) {
  return renderWithProviders(
    <main>
      <VisitorPassesScreen />
    </main>,
    {
      route: '/visitor-passes',
      session: { status: 'signed_in', profile: residentProfile },
      machines: {
        visitorPassList: visitorPassListMachine.provide({
          actors: { listVisitorPasses: fromPromise(listVisitorPasses) },
        }),
        visitorPass: visitorPassMachine.provide({
          actors: {
            withdrawVisitorPass: fromPromise(({ input }: { input: { id: number } }) =>
              withdrawVisitorPass(input.id),
            ),
          },
        }),
      },
    },
  );
}

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Visitor passes' }))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

test('lists each pass: its name, window in London time, uses left and state, "Withdraw" while Ready', async () => {
  renderList(async () => ({ results: listed }));

  expect(await screen.findByRole('table', { name: 'Visitor passes' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Visitor passes' })).toBeInTheDocument();
  expect(rowTexts()).toEqual([
    ['Mum', '01/06/2026 12:00 to 08/06/2026 12:00', '1', 'Ready', 'Withdraw'],
    ['Plumber', '01/06/2026 12:00 to 08/06/2026 12:00', '0', 'Used', ''],
    ['Visitor pass', '01/06/2026 12:00 to 08/06/2026 12:00', '1', 'Expired', ''],
    ['Gran', '01/06/2026 12:00 to 08/06/2026 12:00', '1', 'Withdrawn', ''],
  ]);
  expect(screen.getByRole('link', { name: 'Send a visitor pass' })).toHaveAttribute(
    'href',
    '/visitor-passes/new',
  );
  expect(screen.getByRole('link', { name: 'Back to Permits' })).toHaveAttribute(
    'href',
    '/my-permits',
  );
  expect(await axeViolations()).toEqual([]);
});

test('"Withdraw" withdraws the pass, and its row says so', async () => {
  let answer!: (pass: VisitorPass) => void;
  const withdraw = jest.fn(
    () =>
      new Promise<VisitorPass>((resolve) => {
        answer = resolve;
      }),
  );
  const { user } = renderList(async () => ({ results: listed }), withdraw);

  await user.click(await screen.findByRole('button', { name: 'Withdraw Mum' }));
  expect(await screen.findByRole('button', { name: 'Withdraw Mum' })).toBeDisabled();
  await act(async () => answer(withdrawnPass));

  expect(rowTexts()[0]).toEqual([
    'Mum',
    '01/06/2026 12:00 to 08/06/2026 12:00',
    '1',
    'Withdrawn',
    '',
  ]);
  expect(withdraw).toHaveBeenCalledWith(7);
  // "Withdraw" has gone: focus is on the state the row now shows, not on the page's body.
  const mumsRow = screen.getByRole('row', { name: /^Mum/ });
  await waitFor(() =>
    expect(within(mumsRow).getByRole('cell', { name: 'Withdrawn' })).toHaveFocus(),
  );
});

test('a withdrawal that fails leaves the pass Ready and says so', async () => {
  const { user } = renderList(
    async () => ({ results: listed }),
    async () => Promise.reject(new ApiError('Network Error')),
  );

  await user.click(await screen.findByRole('button', { name: 'Withdraw Mum' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The visitor pass could not be withdrawn. Please try again.',
  );
  expect(rowTexts()[0]![3]).toBe('Ready');
});

test('no passes yet', async () => {
  renderList(async () => ({ results: [] }));

  expect(await screen.findByText('You have not sent a visitor pass yet.')).toBeInTheDocument();
});

test('says older passes are not shown when the host left some out, and only then', async () => {
  const leftOut = 'Older passes that can no longer be used are not shown.';
  const { unmount } = renderList(async () => ({ results: listed, ended_passes_left_out: true }));
  expect(await screen.findByRole('table', { name: 'Visitor passes' })).toBeInTheDocument();
  expect(screen.getByText(leftOut)).toBeInTheDocument();
  unmount();

  // A host that lists every pass leaves the field out; one that left none out says false.
  for (const answer of [{ results: listed }, { results: listed, ended_passes_left_out: false }]) {
    const { unmount: unmountAgain } = renderList(async () => answer);
    expect(await screen.findByRole('table', { name: 'Visitor passes' })).toBeInTheDocument();
    expect(screen.queryByText(leftOut)).not.toBeInTheDocument();
    unmountAgain();
  }
});

test('a list that could not be read offers "Try again"', async () => {
  const list = jest
    .fn<Promise<VisitorPassList>, []>()
    .mockRejectedValueOnce(new ApiError('Network Error'))
    .mockResolvedValueOnce({ results: listed });
  const { user } = renderList(list);

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your visitor passes could not be loaded. Please try again.',
  );
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('table', { name: 'Visitor passes' })).toBeInTheDocument();
  // The button went while the passes loaded; the focus went to the page's heading, not the body.
  expect(screen.getByRole('heading', { level: 1, name: 'Visitor passes' })).toHaveFocus();
});

test('a host without visitor passes says so, and offers none to send', async () => {
  renderList(async () => Promise.reject(new ApiError('Not Found', { status: 404 })));

  expect(await screen.findByText('Visitor passes are not offered here.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Send a visitor pass' })).not.toBeInTheDocument();
});
