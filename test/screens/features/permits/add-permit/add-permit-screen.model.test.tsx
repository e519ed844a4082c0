import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AnyMachineSnapshot } from 'xstate';
import type { SeriesWeek } from '../../../../../machines/permits/rules/weekly-series';
import { addPermitMachine } from '../../../../../machines/permits/add-permit/add-permit-machine';
import type { PermitFormValues } from '../../../../../machines/permits/permit-form/permit-form-values';
import { AddPermitScreen } from '../../../../../src/features/permits/add-permit/add-permit-screen';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { testEveryModelPath } from '../../../../machines/model-path-tests';
import {
  addPermitInput,
  addPermitSite,
  withControlledAddPermitActors,
} from '../../../../../machines/permits/add-permit/add-permit-flow-samples';
import { dashboardFiguresOf } from '../../../../support/dashboard-figures';
import { typeDateTime } from '../../../../support/date-time-boxes';
import { pasteInto } from '../../../../support/paste-into';
import { findErrorBanner, queryErrorBanners } from '../../../../support/error-summary';
import { exactly, renderWithProviders, residentProfile } from '../../../../support/render';
import { screenPathsOf } from '../../../screen-model-paths';
import { i18n } from '../../../../../src/i18n/i18n';

const paths = screenPathsOf('addPermit');

const registration = () => screen.getByRole('textbox', { name: /^Registration number/ });
const confirmBox = () => screen.queryByRole('checkbox', { name: 'This registration is correct' });

const scheduleBox = () =>
  screen.getByRole('checkbox', { name: 'Schedule permit for future activation' });

/** Ticks "Schedule…" and "Repeat weekly", and puts the start and the number of weeks in. */
async function fillSeries(user: UserEvent, values: PermitFormValues) {
  if (!(scheduleBox() as HTMLInputElement).checked) await user.click(scheduleBox());
  await typeDateTime(
    user,
    screen.getByRole('group', { name: 'Scheduled start date' }),
    values.start,
  );
  await typeDateTime(user, screen.getByRole('group', { name: 'Expiry date' }), values.end);
  const repeat = screen.getByRole('checkbox', { name: 'Repeat weekly' });
  if (!(repeat as HTMLInputElement).checked) await user.click(repeat);
  await pasteInto(user, screen.getByRole('textbox', { name: /^Number of weeks/ }), values.weeks);
}

/** Back to a single permit starting now, with the expiry the single submits use. */
async function unfillSeries(user: UserEvent, values: PermitFormValues) {
  if (!(scheduleBox() as HTMLInputElement).checked) return;
  await user.click(scheduleBox());
  await typeDateTime(user, screen.getByRole('group', { name: 'Expiry date' }), values.end);
}

/**
 * Plays a path on the rendered Add Permit screen: VRM.CHANGED is the resident putting a
 * registration in the field, SUBMIT is filling the rest as the event's values say (the tick on
 * "This registration is correct" included, where the box is shown) and pressing "Create Permit",
 * settling the create call is the fake API answering; each state is checked by what the resident
 * sees, success by arriving on My Permits.
 */
function screenDriver(machine: typeof addPermitMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  const MyPermitsProbe = () => <h1>My Permits</h1>;
  let user: UserEvent;
  let filled = false;
  return {
    async start() {
      ({ user } = renderWithProviders(
        <Routes>
          <Route path="/add-permit" element={<AddPermitScreen />} />
          <Route path="/my-permits" element={<MyPermitsProbe />} />
        </Routes>,
        {
          route: '/add-permit',
          session: { status: 'signed_in', profile: residentProfile },
          machines: {
            addPermit: withControlledAddPermitActors(machine, controls),
            dashboard: dashboardFiguresOf({ profile: residentProfile, capInfo: null }),
          },
          clock: addPermitInput.clock,
          siteSettings: addPermitSite,
        },
      ));
      await screen.findByRole('button', { name: 'Create Permit' });
    },
    async send(event) {
      if (event.type === 'VRM.CHANGED') {
        await pasteInto(user, registration(), (event as unknown as { vrm: string }).vrm);
        return;
      }
      const { values } = event as { type: 'SUBMIT'; values: PermitFormValues };
      if (!filled) {
        await pasteInto(user, screen.getByRole('textbox', { name: /^Reference label/ }), 'Plumber');
        await pasteInto(user, screen.getByRole('textbox', { name: /^Make/ }), values.make);
        await pasteInto(user, screen.getByRole('textbox', { name: /^Model/ }), values.model);
        await typeDateTime(user, screen.getByRole('group', { name: 'Expiry date' }), values.end);
        await user.click(screen.getByRole('checkbox', { name: /I have verified/ }));
        filled = true;
      }
      if (values.repeat_weekly) await fillSeries(user, values);
      else await unfillSeries(user, values);
      const box = confirmBox();
      if (box && (box as HTMLInputElement).checked !== values.vrm_confirmed) await user.click(box);
      await user.click(screen.getByRole('button', { name: /^Create Permit|^Creating/ }));
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    elapse(delay) {
      throw new Error(`Add Permit has no delay, yet the path waits for "${delay}"`);
    },
    async expectState(state) {
      if (state.matches('succeeded')) {
        expect(await screen.findByRole('heading', { name: 'My Permits' })).toBeInTheDocument();
        return;
      }
      const suggestion = state.context.suggestion as string | null;
      if (state.matches({ form: { registration: 'suggesting' } })) {
        expect(
          await screen.findByRole('group', { name: `Did you mean ${suggestion}?` }),
        ).toBeVisible();
        expect(screen.getByRole('button', { name: `Use ${suggestion}` })).toBeInTheDocument();
      } else {
        expect(screen.queryByRole('group', { name: /^Did you mean/ })).not.toBeInTheDocument();
      }
      const unrecognised = screen.queryByText(
        'This is not a standard UK registration. Check it against the vehicle.',
        { selector: 'p' },
      );
      if (state.matches({ form: { registration: 'confirming' } })) {
        expect(unrecognised).toBeInTheDocument();
      } else {
        expect(unrecognised).not.toBeInTheDocument();
      }
      const asksForTick =
        state.matches({ form: { registration: 'suggesting' } }) ||
        state.matches({ form: { registration: 'confirming' } });
      expect(confirmBox() !== null).toBe(asksForTick);
      const series = state.context.series as SeriesWeek[];
      if (state.matches({ form: { submission: 'creatingSeries' } })) {
        const next = series.findIndex((week) => week.outcome === 'waiting');
        expect(
          await screen.findByText(`Creating ${next + 1} of ${series.length}…`),
        ).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Creating Permit...' })).toBeDisabled();
        expect(queryErrorBanners()).toEqual([]);
      } else if (state.matches({ form: { submission: 'seriesIncomplete' } })) {
        const report = await findErrorBanner();
        expect(report).toHaveTextContent('Not every week was created');
        for (const week of series) {
          expect(report).toHaveTextContent(
            week.outcome === 'made'
              ? `Created: the week starting ${week.startsAt}`
              : `Not created: the week starting ${week.startsAt}. ${week.reason}`,
          );
        }
        // Formik validates a retyped registration asynchronously before the button follows; a
        // registration emptied after the series went out holds it back, as a missing field.
        const retry = () => screen.getByRole('button', { name: 'Create Permit' });
        if (state.matches({ form: { registration: 'blank' } })) {
          await waitFor(() => expect(retry()).toBeDisabled());
        } else {
          await waitFor(() => expect(retry()).toBeEnabled());
        }
      } else if (
        state.matches({ form: { submission: 'submitting' } }) ||
        state.matches({ form: { submission: 'findingOverlap' } })
      ) {
        expect(await screen.findByRole('button', { name: 'Creating Permit...' })).toBeDisabled();
        expect(queryErrorBanners()).toEqual([]);
      } else if (state.matches({ form: { submission: 'failed' } })) {
        expect(await findErrorBanner()).toHaveTextContent(
          exactly(
            `Creation Failed${state.context.errorMessage}${state.context.errorDetail ? i18n._(state.context.errorDetail) : ''}`,
          ),
        );
      } else {
        expect(screen.queryByText(/^Creating \d+ of/)).not.toBeInTheDocument();
        expect(
          screen.queryByRole('button', { name: 'Creating Permit...' }),
        ).not.toBeInTheDocument();
        expect(queryErrorBanners()).toEqual([]);
      }
    },
  };
}

describe('the Add Permit screen follows the add-permit machine, every transition', () => {
  testEveryModelPath(addPermitMachine, paths, () => screenDriver(addPermitMachine));

  // Every registration read as unrecognised: paths through a recognised one must then fail.
  const throughRecognised = paths.filter((path) =>
    path.steps.some(({ state }) => state.matches({ form: { registration: 'recognised' } })),
  );

  it.each(throughRecognised.slice(0, 3).map((path) => [describePath(path), path] as const))(
    'catches a screen that holds back a recognised registration, on the path to %s',
    async (_, path) => {
      const broken = addPermitMachine.provide({ guards: { registrationIs: () => false } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow();
    },
  );
});
