import { screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { Permit, PermitListRequest } from '../../../../../contract/permit';
import type { SiteSettings } from '../../../../../contract/site-settings';
import { hiddenPermitsMachine } from '../../../../../machines/permits/my-permits/hidden-permits-machine';
import { listedPermit } from '../../../../../machines/permits/my-permits/permit-list-flow-samples';
import { axeViolations } from '../../../../support/jsdom-axe';
import { permitListAnswering, renderMyPermitsScreen } from '../../../../support/my-permits-screen';

/** 1 June 2026, 12:00:30 in London: the default filters are that day, 00:00 to 23:59. */
const now = new Date('2026-06-01T11:00:30Z');

const site: SiteSettings = {
  can_add_reference: true,
  can_schedule_permits: true,
  default_end_date_limit_hours: 0,
};

/** The resident's permits, all created on other days: none today, `total` on any date. */
function renderWithPermitsOnOtherDays(total: number) {
  const listAsked: PermitListRequest[] = [];
  const countAsked: PermitListRequest[] = [];
  const answer = (request: PermitListRequest): { results: Permit[]; count: number } => {
    const dated = request.start_date !== '' || request.end_date !== '';
    const results = dated
      ? []
      : Array.from({ length: total }, (_, index) =>
          listedPermit({ id: index + 1, vrm: `OD0${index + 1} DAY` }),
        );
    return { results, count: results.length };
  };
  const view = renderMyPermitsScreen({
    now,
    site,
    machines: {
      permitList: permitListAnswering((request) => {
        listAsked.push(request);
        return answer(request);
      }),
      hiddenPermits: hiddenPermitsMachine.provide({
        actors: {
          countPermits: fromPromise(async ({ input }: { input: PermitListRequest }) => {
            countAsked.push(input);
            return answer(input).count;
          }),
        },
      }),
    },
  });
  return { ...view, listAsked, countAsked };
}

test('none today but 3 on other days: says so under the empty text, and "Show all dates" lists them', async () => {
  const { user, countAsked, listAsked } = renderWithPermitsOnOtherDays(3);

  expect(await screen.findByText('You have 3 permits created on other dates.')).toBeInTheDocument();
  expect(screen.getByText('No permits found matching your criteria.')).toBeInTheDocument();
  // The count is the list endpoint's, asked for the same filters without the dates.
  expect(countAsked).toEqual([expect.objectContaining({ start_date: '', end_date: '', page: 1 })]);
  expect(await axeViolations()).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Show all dates' }));

  expect(await screen.findAllByText('OD01 DAY')).not.toHaveLength(0);
  expect(listAsked.at(-1)).toEqual(expect.objectContaining({ start_date: '', end_date: '' }));
  expect(screen.queryByText(/created on other dates/)).not.toBeInTheDocument();
  expect(screen.queryByText('No permits found matching your criteria.')).not.toBeInTheDocument();
});

test('one on another day: "1 permit"', async () => {
  renderWithPermitsOnOtherDays(1);
  expect(await screen.findByText('You have 1 permit created on other dates.')).toBeInTheDocument();
});

test('no permits at all: the empty text alone', async () => {
  const { countAsked } = renderWithPermitsOnOtherDays(0);
  expect(await screen.findByText('No permits found matching your criteria.')).toBeInTheDocument();
  expect(countAsked).toHaveLength(1);
  expect(screen.queryByText(/created on other dates/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show all dates' })).not.toBeInTheDocument();
});
