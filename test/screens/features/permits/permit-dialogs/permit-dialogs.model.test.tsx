import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { createMachine, type AnyMachineSnapshot } from 'xstate';
import { activatePermitMachine } from '../../../../../machines/permits/permit-dialogs/activate-permit-machine';
import { cancelPermitMachine } from '../../../../../machines/permits/permit-dialogs/cancel-permit-machine';
import type { PermitDialogError } from '../../../../../machines/permits/permit-dialogs/permit-action-error-message';
import type { UpdatePermitFormValues } from '../../../../../machines/permits/permit-dialogs/update-permit-form';
import { updatePermitMachine } from '../../../../../machines/permits/permit-dialogs/update-permit-machine';
import { PermitActionDialog } from '../../../../../src/features/permits/permit-dialogs/permit-action-dialog';
import { UpdatePermitDialog } from '../../../../../src/features/permits/permit-dialogs/update-permit-dialog';
import {
  createActorControls,
  type ActorControls,
} from '../../../../../machines/flow-models/actor-controls';
import {
  describePath,
  runModelPath,
  type MachinePath,
  type ModelDriver,
} from '../../../../../machines/flow-models/model-paths';
import { checkingAction, testEveryModelPath } from '../../../../machines/model-path-tests';
import {
  scheduledPermit,
  schedulingSite,
  withControlledPermitActionActors,
  withControlledUpdatePermitActors,
} from '../../../../../machines/permits/permit-dialogs/permit-dialog-flow-samples';
import { dateTimeShown, typeDateTime } from '../../../../support/date-time-boxes';
import { exactly, renderWithProviders } from '../../../../support/render';
import { screenPathsOf } from '../../../screen-model-paths';

/** Before the fixtures' new times (12:00:30 in London on 1 June 2026), so the form takes them. */
const clock = () => new Date('2026-06-01T11:00:30Z');

/** What the list screen does with a dialog: it mounts it while open and unmounts it on close. */
interface ListScreenCalls {
  close: jest.Mock;
  list: jest.Mock;
}

function ListScreenStandIn({
  calls,
  dialog,
}: {
  calls: ListScreenCalls;
  dialog: (onClose: () => void) => ReactElement;
}) {
  const [open, setOpen] = useState(true);
  return open
    ? dialog(() => {
        calls.close();
        setOpen(false);
      })
    : null;
}

const button = (name: string) => screen.getByRole('button', { name });

function expectError(dialog: HTMLElement, error: PermitDialogError | null) {
  if (error) {
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      exactly(`${error.title}${error.message}`),
    );
  } else {
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  }
}

/**
 * How a path reaches one dialog: `open` renders it as the list screen would, `gestures` are the
 * user's, settling an actor is the fake API answering. The actions the app provides are checked
 * as in the machine model: `close` once in a final state, the list action once in `listedIn`.
 */
function dialogDriver({
  controls,
  open,
  gestures,
  elapse,
  listedIn,
}: {
  controls: ActorControls;
  open: (calls: ListScreenCalls) => UserEvent;
  gestures: (user: UserEvent) => Pick<ModelDriver<AnyMachineSnapshot>, 'send' | 'expectState'>;
  elapse: ModelDriver<AnyMachineSnapshot>['elapse'];
  listedIn: string;
}): ModelDriver<AnyMachineSnapshot> {
  const calls: ListScreenCalls = { close: jest.fn(), list: jest.fn() };
  let user: UserEvent | undefined;
  const started = () => {
    if (!user) throw new Error('The path has not opened the dialog yet');
    return gestures(user);
  };
  const driver: ModelDriver<AnyMachineSnapshot> = {
    start() {
      user = open(calls);
    },
    send: (event) => started().send(event),
    async settle(actorId, outcome) {
      await act(async () => controls.settle(actorId, outcome));
    },
    elapse,
    expectState: (state) => started().expectState(state),
  };
  return checkingAction(
    checkingAction(driver, calls.close, (state) => state.status === 'done'),
    calls.list,
    (state) => state.matches(listedIn),
  );
}

describe.each([
  {
    machine: activatePermitMachine,
    actorId: 'activatePermit' as const,
    action: 'activate' as const,
    title: 'Set Permit Live Now',
    confirm: 'Set Live Now',
    busy: 'Activating...',
    dismiss: 'Cancel',
  },
  {
    machine: cancelPermitMachine,
    actorId: 'cancelPermit' as const,
    action: 'cancel' as const,
    title: 'Cancel Permit',
    confirm: 'Cancel Permit',
    busy: 'Cancelling...',
    dismiss: 'Keep Permit',
  },
])('the $title dialog follows its machine', (subject) => {
  const paths = screenPathsOf(subject.actorId);

  // The reload waits a real second; the clock is Jest's, so a path's wait is exact. Chakra's
  // dialog starts listening for Escape in a microtask, which must stay real.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask'] }));
  afterEach(() => {
    // A dialog closed on the fake clock restores the page (pointer events, scrolling) on a
    // later tick; run it before the next path renders on the same page.
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  /**
   * CONFIRM is pressing the confirm button, DISMISS is Escape, settling the actor is the fake
   * API answering, the reload delay is the clock moving on; each state is what the user sees.
   */
  function screenDriver(machine: typeof subject.machine) {
    const controls = createActorControls();
    const provided = withControlledPermitActionActors(machine, subject.actorId, controls);
    return dialogDriver({
      controls,
      open(calls) {
        return renderWithProviders(
          <ListScreenStandIn
            calls={calls}
            dialog={(onClose) => (
              <PermitActionDialog
                action={subject.action}
                permit={scheduledPermit}
                onClose={onClose}
                onReload={calls.list}
              />
            )}
          />,
          { machines: { [subject.actorId]: provided } },
        ).user;
      },
      gestures: (user) => ({
        async send(event) {
          if (event.type === 'CONFIRM') await user.click(button(subject.confirm));
          else await user.keyboard('{Escape}');
        },
        async expectState(state) {
          if (state.status === 'done') {
            await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
            return;
          }
          const dialog = screen.getByRole('alertdialog', { name: subject.title });
          expectError(dialog, (state.context as { error: PermitDialogError | null }).error);
          if (state.hasTag('busy')) {
            expect(button(subject.busy)).toBeDisabled();
            expect(button(subject.dismiss)).toBeDisabled();
          } else {
            expect(button(subject.confirm)).toBeEnabled();
            expect(button(subject.dismiss)).toBeEnabled();
          }
          expect(controls.inputs(subject.actorId)).toEqual(
            controls.inputs(subject.actorId).map(() => ({ id: scheduledPermit.id })),
          );
        },
      }),
      async elapse(delay) {
        const ms: unknown = machine.implementations.delays[delay];
        if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not a fixed number`);
        await act(async () => jest.advanceTimersByTime(ms));
      },
      listedIn: 'reloaded',
    });
  }

  testEveryModelPath(subject.machine, paths, () => screenDriver(subject.machine));

  const throughSuccess = paths.filter((path) =>
    path.steps.some(({ event }) => event.type === `xstate.done.actor.${subject.actorId}`),
  );

  it('has paths through a success', () => {
    expect(throughSuccess.length).toBeGreaterThan(0);
  });

  it.each(throughSuccess.map((path) => [describePath(path), path] as const))(
    'catches a dialog that closes the moment the server answers, on the path to %s',
    async (_, path) => {
      const { machine } = subject;
      // The list reloaded the moment the server answers; `createMachine` types it loosely.
      const broken = createMachine(
        {
          ...machine.config,
          states: { ...machine.config.states, succeeded: { always: 'reloaded' } },
        },
        machine.implementations,
      ) as unknown as typeof machine;
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow(/alertdialog/);
    },
  );
});

describe('the Update dialog follows its machine', () => {
  const paths = screenPathsOf('updatePermit');

  /** A date input of the dialog: the fieldset its legend names (src/ui/date-time-input.tsx). */
  const dateGroup = (name: string) => screen.getByRole('group', { name });

  /**
   * SUBMIT is choosing the event's start and expiry and pressing "Update Schedule", DISMISS is
   * pressing Cancel, settling the actor is the fake API answering; each state is what the user
   * sees, and the request carries the times chosen.
   */
  function screenDriver(machine: typeof updatePermitMachine) {
    const controls = createActorControls();
    const provided = withControlledUpdatePermitActors(machine, controls);
    let submitted: UpdatePermitFormValues | null = null;
    return dialogDriver({
      controls,
      open(calls) {
        return renderWithProviders(
          <ListScreenStandIn
            calls={calls}
            dialog={(onClose) => (
              <UpdatePermitDialog
                permit={scheduledPermit}
                settings={schedulingSite}
                onClose={onClose}
                onRefresh={calls.list}
              />
            )}
          />,
          { machines: { updatePermit: provided }, clock },
        ).user;
      },
      gestures: (user) => ({
        async send(event) {
          if (event.type === 'DISMISS') {
            await user.click(button('Cancel'));
            return;
          }
          submitted = (event as { type: 'SUBMIT'; values: UpdatePermitFormValues }).values;
          await typeDateTime(user, dateGroup('New start date'), submitted.start);
          await typeDateTime(user, dateGroup('New expiry date'), submitted.end);
          await user.click(button('Update Schedule'));
        },
        expectState(state) {
          if (state.status === 'done') {
            expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
            return;
          }
          const dialog = screen.getByRole('dialog', { name: 'Update Scheduled Permit' });
          expectError(dialog, (state.context as { error: PermitDialogError | null }).error);
          if (state.hasTag('busy')) {
            expect(button('Updating Schedule...')).toBeDisabled();
            expect(button('Cancel')).toBeDisabled();
            expect(controls.inputs('updatePermit').at(-1)).toEqual({
              id: scheduledPermit.id,
              payload: { start_ts: '2026-06-03T10:00:00', end_ts: '2026-06-04T18:00:00' },
            });
          } else {
            expect(button('Update Schedule')).toBeEnabled();
            expect(button('Cancel')).toBeEnabled();
          }
          // A failed update keeps what the resident chose.
          if (submitted) {
            expect(dateTimeShown(dateGroup('New start date'))).toBe(submitted.start);
            expect(dateTimeShown(dateGroup('New expiry date'))).toBe(submitted.end);
          }
        },
      }),
      elapse(delay) {
        throw new Error(`The update dialog has no delay, yet the path waits for "${delay}"`);
      },
      listedIn: 'succeeded',
    });
  }

  testEveryModelPath(updatePermitMachine, paths, () => screenDriver(updatePermitMachine));

  const throughRefusal = paths.filter((path: MachinePath) =>
    path.steps.some(
      ({ event }) =>
        event.type === 'xstate.done.actor.updatePermit' &&
        (event.output as { error?: unknown }).error === true,
    ),
  );

  it('has paths through a 2xx refusal', () => {
    expect(throughRefusal.length).toBeGreaterThan(0);
  });

  it.each(throughRefusal.map((path) => [describePath(path), path] as const))(
    'catches a dialog that takes a refusal for a success, on the path to %s',
    async (_, path) => {
      const broken = updatePermitMachine.provide({ guards: { isRefusal: () => false } });
      await expect(runModelPath(path, screenDriver(broken))).rejects.toThrow(/dialog/);
    },
  );
});
