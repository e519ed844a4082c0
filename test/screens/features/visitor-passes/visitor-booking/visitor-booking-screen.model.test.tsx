import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AnyMachineSnapshot } from 'xstate';
import type { VisitorBooking } from '../../../../../contract/visitor-pass';
import { createActorControls } from '../../../../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { permitStatusDisplay } from '../../../../../machines/permits/rules/permit-status-table';
import { visitorBookingMachine } from '../../../../../machines/visitor-passes/visitor-booking/visitor-booking-machine';
import type { VisitorBookingFormValues } from '../../../../../machines/visitor-passes/visitor-booking/visitor-booking-form';
import {
  visitorBookingInput,
  withControlledVisitorBookingActors,
} from '../../../../../machines/visitor-passes/visitor-booking/visitor-booking-flow-samples';
import { VisitorBookingScreen } from '../../../../../src/features/visitor-passes/visitor-booking/visitor-booking-screen';
import { testEveryModelPath } from '../../../../machines/model-path-tests';
import { typeDateTime } from '../../../../support/date-time-boxes';
import { pasteInto } from '../../../../support/paste-into';
import { findErrorBanner, queryErrorBanners } from '../../../../support/error-summary';
import { exactly, renderWithProviders } from '../../../../support/render';
import { screenPathsOf } from '../../../screen-model-paths';

const paths = screenPathsOf('visitorBooking');

/** How long the screen waits to look at a pending status again: short, on the real clock. */
const statusRefreshMs = 30;

const registration = () => screen.getByRole('textbox', { name: /^Registration number/ });
const confirmBox = () => screen.queryByRole('checkbox', { name: 'This registration is correct' });

/**
 * Plays a path on the rendered visitor's page: RETRY is "Try again", VRM.CHANGED the visitor
 * putting a registration in the field, SUBMIT filling in the rest as the event's values say (the
 * tick on "This registration is correct" included, where the box is shown) and pressing "Book
 * parking"; settling an actor is the fake host answering, and the status refresh passes on the
 * real clock, shortened. Each state is checked by what the visitor sees.
 */
function screenDriver(machine: typeof visitorBookingMachine): ModelDriver<AnyMachineSnapshot> {
  const controls = createActorControls();
  let user: UserEvent;
  let filled = false;
  return {
    start() {
      ({ user } = renderWithProviders(
        <main>
          <Routes>
            <Route path="/visit/:token" element={<VisitorBookingScreen />} />
          </Routes>
        </main>,
        {
          route: `/visit/${visitorBookingInput.token}`,
          machines: {
            visitorBooking: withControlledVisitorBookingActors(machine, controls).provide({
              delays: { statusRefresh: statusRefreshMs },
            }),
          },
          clock: visitorBookingInput.clock,
        },
      ));
    },
    async send(event) {
      if (event.type === 'RETRY') {
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        return;
      }
      if (event.type === 'VRM.CHANGED') {
        await pasteInto(user, registration(), (event as unknown as { vrm: string }).vrm);
        return;
      }
      const { values } = event as { type: 'SUBMIT'; values: VisitorBookingFormValues };
      if (!filled) {
        await pasteInto(user, screen.getByRole('textbox', { name: /^Make/ }), values.make);
        await pasteInto(user, screen.getByRole('textbox', { name: /^Model/ }), values.model);
        await pasteInto(user, screen.getByRole('textbox', { name: /^Colour/ }), values.colour);
        await typeDateTime(user, screen.getByRole('group', { name: 'Expiry date' }), values.end);
        await pasteInto(
          user,
          screen.getByRole('textbox', { name: /^E-mail for a receipt/ }),
          values.receipt_email,
        );
        await user.click(screen.getByRole('checkbox', { name: /^I have verified/ }));
        filled = true;
      }
      const box = confirmBox();
      if (box && (box as HTMLInputElement).checked !== values.vrm_confirmed) await user.click(box);
      await user.click(screen.getByRole('button', { name: /^Book parking|^Booking parking/ }));
    },
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    async elapse() {
      await waitFor(() => expect(controls.isRunning('readBooking')).toBe(true));
    },
    async expectState(state) {
      if (state.matches('loading')) {
        expect(
          await screen.findByRole('status', { name: 'Loading the visitor pass' }),
        ).toBeInTheDocument();
      } else if (state.matches('loadFailed')) {
        expect(await findErrorBanner()).toHaveTextContent(
          exactly('This page could not be loaded. Please try again.'),
        );
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      } else if (state.matches('unusable')) {
        const heading = await screen.findByRole('heading', {
          level: 1,
          name: 'This visitor pass can no longer be used',
        });
        await waitFor(() => expect(heading).toHaveFocus());
        expect(
          screen.getByText('Ask the person who sent you the link for a new one.'),
        ).toBeInTheDocument();
      } else if (state.matches('booked')) {
        const heading = await screen.findByRole('heading', {
          level: 1,
          name: 'Visitor parking booked',
        });
        await waitFor(() => expect(heading).toHaveFocus());
        const { status } = state.context.booking as VisitorBooking;
        expect(await screen.findByText(permitStatusDisplay(status).label)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
      } else {
        await expectBookingForm(state);
      }
    },
  };
}

/** The form's state as the visitor sees it: the registration's reading, and the submission's. */
async function expectBookingForm(state: AnyMachineSnapshot) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Book visitor parking' }),
  ).toBeInTheDocument();
  const suggestion = state.context.suggestion as string | null;
  if (state.matches({ booking: { registration: 'suggesting' } })) {
    expect(await screen.findByRole('group', { name: `Did you mean ${suggestion}?` })).toBeVisible();
  } else {
    expect(screen.queryByRole('group', { name: /^Did you mean/ })).not.toBeInTheDocument();
  }
  const unrecognised = screen.queryByText(
    'This is not a standard UK registration. Check it against the vehicle.',
    { selector: 'p' },
  );
  expect(unrecognised !== null).toBe(state.matches({ booking: { registration: 'confirming' } }));
  const asksForTick =
    state.matches({ booking: { registration: 'suggesting' } }) ||
    state.matches({ booking: { registration: 'confirming' } });
  expect(confirmBox() !== null).toBe(asksForTick);
  if (state.matches({ booking: { submission: 'submitting' } })) {
    expect(await screen.findByRole('button', { name: 'Booking parking...' })).toBeDisabled();
    expect(queryErrorBanners()).toEqual([]);
  } else if (state.matches({ booking: { submission: 'failed' } })) {
    expect(await findErrorBanner()).toHaveTextContent(exactly(state.context.errorMessage));
    expect(screen.getByRole('button', { name: 'Book parking' })).toBeEnabled();
  } else {
    expect(screen.getByRole('button', { name: 'Book parking' })).toBeEnabled();
    expect(queryErrorBanners()).toEqual([]);
  }
}

describe('the visitor’s page follows the visitor-booking machine, every transition', () => {
  testEveryModelPath(visitorBookingMachine, paths, () => screenDriver(visitorBookingMachine));

  // A pass the host no longer serves taken for a failed read: these paths must then fail.
  const throughUnusable = paths.filter((path) =>
    path.steps.some(({ state }) => state.matches('unusable')),
  );

  it('has paths to a pass that can no longer be used', () => {
    expect(throughUnusable.length).toBeGreaterThan(0);
  });

  it.each(throughUnusable.map((path) => [describePath(path), path] as const))(
    'catches a screen that asks to try again for an unusable pass, on the path to %s',
    async (_, path) => {
      const broken = visitorBookingMachine.provide({ guards: { isUnusable: () => false } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow();
    },
  );
});
